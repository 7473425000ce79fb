#ifndef CSQLITE_H
#define CSQLITE_H

#include <stddef.h>
#include <stdint.h>

/* The part of SQLite's C API the result-bundle reader and the history database call, declared here by hand so the package
 * builds without sqlite3.h (the official swift images carry libsqlite3.so.0 but not its headers).
 * The library itself is loaded at run time by csqlite_load. Signatures follow the SQLite C API
 * documentation; sqlite3 and sqlite3_stmt stay opaque. */

typedef struct csqlite_db csqlite_db;
typedef struct csqlite_stmt csqlite_stmt;

typedef struct csqlite_api {
    int (*open_v2)(const char *filename, csqlite_db **database, int flags, const char *vfs);
    int (*close)(csqlite_db *database);
    const char *(*errmsg)(csqlite_db *database);
    const char *(*errstr)(int code);
    int (*errcode)(csqlite_db *database);
    int (*prepare_v2)(csqlite_db *database, const char *sql, int bytes, csqlite_stmt **statement, const char **tail);
    int (*finalize)(csqlite_stmt *statement);
    int (*step)(csqlite_stmt *statement);
    int (*column_count)(csqlite_stmt *statement);
    const char *(*column_name)(csqlite_stmt *statement, int column);
    int (*column_type)(csqlite_stmt *statement, int column);
    int64_t (*column_int64)(csqlite_stmt *statement, int column);
    double (*column_double)(csqlite_stmt *statement, int column);
    const unsigned char *(*column_text)(csqlite_stmt *statement, int column);
    const void *(*column_blob)(csqlite_stmt *statement, int column);
    int (*column_bytes)(csqlite_stmt *statement, int column);
    int (*bind_null)(csqlite_stmt *statement, int index);
    int (*bind_int64)(csqlite_stmt *statement, int index, int64_t value);
    int (*bind_double)(csqlite_stmt *statement, int index, double value);
    /* The destructor argument is passed as a pointer: SQLITE_TRANSIENT is the value -1. */
    int (*bind_text)(csqlite_stmt *statement, int index, const char *text, int bytes, const void *destructor);
    int (*bind_blob)(csqlite_stmt *statement, int index, const void *bytes, int count, const void *destructor);
    int64_t (*last_insert_rowid)(csqlite_db *database);
    int (*reset)(csqlite_stmt *statement);
} csqlite_api;

/* Loads the shared library `name` and fills `api` with its functions. Returns the library handle, or
 * NULL with a one-line reason in `reason` (dlopen's message, or the first missing function). */
void *csqlite_load(const char *name, csqlite_api *api, char *reason, size_t reason_size);

#endif
