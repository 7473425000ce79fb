#include "CSQLite.h"

#include <dlfcn.h>
#include <stdio.h>

/* Resolves one function; on failure writes which and returns 0. */
static int resolve(void *library, const char *library_name, const char *symbol, void **slot, char *reason,
                   size_t reason_size) {
    *slot = dlsym(library, symbol);
    if (*slot != NULL) return 1;
    snprintf(reason, reason_size, "%s has no %s", library_name, symbol);
    return 0;
}

void *csqlite_load(const char *name, csqlite_api *api, char *reason, size_t reason_size) {
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *message = dlerror();
        snprintf(reason, reason_size, "%s", message != NULL ? message : "cannot be loaded");
        return NULL;
    }
    struct { const char *symbol; void **slot; } table[] = {
        {"sqlite3_open_v2", (void **)&api->open_v2},
        {"sqlite3_close", (void **)&api->close},
        {"sqlite3_errmsg", (void **)&api->errmsg},
        {"sqlite3_errstr", (void **)&api->errstr},
        {"sqlite3_errcode", (void **)&api->errcode},
        {"sqlite3_prepare_v2", (void **)&api->prepare_v2},
        {"sqlite3_finalize", (void **)&api->finalize},
        {"sqlite3_step", (void **)&api->step},
        {"sqlite3_column_count", (void **)&api->column_count},
        {"sqlite3_column_name", (void **)&api->column_name},
        {"sqlite3_column_type", (void **)&api->column_type},
        {"sqlite3_column_int64", (void **)&api->column_int64},
        {"sqlite3_column_double", (void **)&api->column_double},
        {"sqlite3_column_text", (void **)&api->column_text},
        {"sqlite3_column_blob", (void **)&api->column_blob},
        {"sqlite3_column_bytes", (void **)&api->column_bytes},
        {"sqlite3_bind_null", (void **)&api->bind_null},
        {"sqlite3_bind_int64", (void **)&api->bind_int64},
        {"sqlite3_bind_double", (void **)&api->bind_double},
        {"sqlite3_bind_text", (void **)&api->bind_text},
        {"sqlite3_bind_blob", (void **)&api->bind_blob},
        {"sqlite3_last_insert_rowid", (void **)&api->last_insert_rowid},
        {"sqlite3_reset", (void **)&api->reset},
    };
    for (size_t index = 0; index < sizeof table / sizeof table[0]; index++) {
        if (!resolve(library, name, table[index].symbol, table[index].slot, reason, reason_size)) {
            dlclose(library);
            return NULL;
        }
    }
    return library;
}
