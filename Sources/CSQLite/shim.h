// The system SQLite (apt: libsqlite3-dev). Apple platforms use the SDK's SQLite3 module instead.
#include <sqlite3.h>
