// extern and static globals in one file: storage class, whether defined (a
// tentative definition counts), whether initialized; a global declared extern
// and defined later is one entry at its definition; declared-only globals that
// are used are uncorrelated.
// RUN: cleave analyze %s -- -Wno-extern-initializer | FileCheck %s
// RUN: cleave analyze --json %s -- -Wno-extern-initializer | FileCheck --check-prefix=JSON %s
extern int declared_only;
extern int defined_later;
int tentative;
int twice;
int twice;
static int hidden;
static int hidden_init = 3;
extern int with_init = 4;
int defined_later = 5;
extern const char *names[];
static long counts[4];
int get(int k) {
  return declared_only + defined_later + tentative + twice + hidden +
         hidden_init + with_init + names[k][0] + (int)counts[k];
}

// CHECK:      type const char *[]: array, incomplete, of const char * x 0
// CHECK-LABEL: function get at
// CHECK:      read global declared_only at 19:10
// CHECK-NEXT: read global defined_later at 19:26
// CHECK-NEXT: read global tentative at 19:42
// CHECK-NEXT: read global twice at 19:54
// CHECK-NEXT: read global {{.*}}construct-globals-storage.c::hidden at 19:62
// CHECK-NEXT: read global {{.*}}construct-globals-storage.c::hidden_init at 20:10
// CHECK-NEXT: read global with_init at 20:24
// CHECK-NEXT: read global names at 20:36
// CHECK-NEXT: read param get::k at 20:42
// CHECK-NEXT: read global {{.*}}construct-globals-storage.c::counts at 20:55
// CHECK-NEXT: read param get::k at 20:62
// CHECK:      global counts at {{.*}}construct-globals-storage.c:17:13: long[4], static, defined
// CHECK-NEXT: global declared_only at {{.*}}construct-globals-storage.c:7:12: int, extern, declared only
// CHECK-NEXT: global defined_later at {{.*}}construct-globals-storage.c:15:5: int, extern, defined, initialized
// CHECK-NEXT: global hidden at {{.*}}construct-globals-storage.c:12:12: int, static, defined
// CHECK-NEXT: global hidden_init at {{.*}}construct-globals-storage.c:13:12: int, static, defined, initialized
// CHECK-NEXT: global names at {{.*}}construct-globals-storage.c:16:20: const char *[], extern, declared only
// CHECK-NEXT: global tentative at {{.*}}construct-globals-storage.c:9:5: int, extern, defined
// CHECK-NEXT: global twice at {{.*}}construct-globals-storage.c:{{1[01]}}:5: int, extern, defined
// CHECK-NEXT: global with_init at {{.*}}construct-globals-storage.c:14:12: int, extern, defined, initialized
// CHECK-NEXT: uncorrelated global declared_only: int, referenced by get
// CHECK-NEXT: uncorrelated global names: const char *[], referenced by get
// CHECK-NOT:  uncorrelated

// JSON:      "globals": [
// JSON-NEXT:   {
// JSON-NEXT:     "defined": true,
// JSON-NEXT:     "initialized": false,
// JSON:          "name": "counts",
// JSON-NEXT:     "storage": "static",
// JSON-NEXT:     "type": "long[4]"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "defined": false,
// JSON-NEXT:     "initialized": false,
// JSON-NEXT:     "location": {
// JSON-NEXT:       "column": 12,
// JSON-NEXT:       "file": "{{.*}}construct-globals-storage.c",
// JSON-NEXT:       "line": 7
// JSON-NEXT:     },
// JSON-NEXT:     "name": "declared_only",
// JSON-NEXT:     "storage": "extern",
// JSON-NEXT:     "type": "int"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "defined": true,
// JSON-NEXT:     "initialized": true,
// JSON-NEXT:     "location": {
// JSON-NEXT:       "column": 5,
// JSON-NEXT:       "file": "{{.*}}construct-globals-storage.c",
// JSON-NEXT:       "line": 15
// JSON-NEXT:     },
// JSON-NEXT:     "name": "defined_later",
// JSON-NEXT:     "storage": "extern",
// JSON-NEXT:     "type": "int"
// JSON-NEXT:   },
// JSON:          "defined": true,
// JSON-NEXT:     "initialized": false,
// JSON:          "name": "tentative",
// JSON-NEXT:     "storage": "extern",
// JSON:          "name": "twice",
// JSON-NOT:      "name": "twice",
// JSON:          "defined": true,
// JSON-NEXT:     "initialized": true,
// JSON:          "name": "with_init",
// JSON-NEXT:     "storage": "extern",
// JSON:      "uncorrelated": [
// JSON-NEXT:   {
// JSON-NEXT:     "kind": "global",
// JSON-NEXT:     "name": "declared_only",
// JSON-NEXT:     "referenced_by": [
// JSON-NEXT:       "get"
// JSON-NEXT:     ],
// JSON-NEXT:     "type": "int"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "kind": "global",
// JSON-NEXT:     "name": "names",
