// A block-scope `extern` declaration names the global it redeclares: it is no
// local, and its references are to the global, under the global's unique name
// (a static global's is prefixed by its file, whichever declaration names it).
// A global declared extern before its tentative definition is defined.
// RUN: cleave analyze --graphs %s | FileCheck %s
// RUN: cleave analyze --json %s | FileCheck --check-prefix=JSON %s
extern int total;
int total;
static int hidden;
extern int hidden;
int bump(int by) {
  extern int total;
  extern int hidden;
  extern int nowhere;
  int own = by;
  total = total + own;
  return hidden + nowhere;
}
int swap(int v) {
  int old = total;
  {
    extern int total;
    total = v;
  }
  return old + hidden;
}

// CHECK-LABEL: function bump at
// CHECK-NOT:  local bump::total
// CHECK-NOT:  local bump::hidden
// CHECK-NOT:  local bump::nowhere
// CHECK:      local bump::own: int at line 15
// CHECK-NEXT: write local bump::own at 15:7
// CHECK-NEXT: read param bump::by at 15:13
// CHECK-NEXT: write global total at 16:3
// CHECK-NEXT: read global total at 16:11
// CHECK-NEXT: read local bump::own at 16:19
// CHECK-NEXT: read global {{.*}}construct-extern-local.c::hidden at 17:10
// CHECK-NEXT: read global nowhere at 17:19
// The global read through its file-scope declaration, then written through
// the block-scope one, is one variable to the dependence graph.
// CHECK-LABEL: function swap at
// CHECK:      local swap::old: int at line 20
// CHECK-NEXT: write local swap::old at 20:7
// CHECK-NEXT: read global total at 20:13
// CHECK-NEXT: write global total at 23:5
// CHECK-NEXT: read param swap::v at 23:13
// CHECK-NEXT: read local swap::old at 25:10
// CHECK-NEXT: read global {{.*}}construct-extern-local.c::hidden at 25:16
// CHECK:      statement B1.0 at line 20: int old = total;
// CHECK:      statement B1.2 at line 23: total = v
// CHECK:      anti dependence B1.0 -> B1.2 via total
// CHECK:      global hidden at {{.*}}construct-extern-local.c:9:12: int, static, defined
// CHECK-NEXT: global total at {{.*}}construct-extern-local.c:8:5: int, extern, defined
// CHECK-NEXT: uncorrelated global nowhere: int, referenced by bump
// CHECK-NOT:  uncorrelated

// JSON:      "locals": [
// JSON-NEXT:   {
// JSON-NEXT:     "location": {
// JSON-NEXT:       "column": 7,
// JSON-NEXT:       "file": "{{.*}}construct-extern-local.c",
// JSON-NEXT:       "line": 15
// JSON-NEXT:     },
// JSON-NEXT:     "name": "own",
// JSON-NEXT:     "storage": "auto",
// JSON-NEXT:     "type": "int",
// JSON-NEXT:     "unique_name": "bump::own"
// JSON-NEXT:   }
// JSON-NEXT: ],
// JSON:          "kind": "global",
// JSON-NEXT:     "location": {
// JSON-NEXT:       "column": 3,
// JSON-NEXT:       "file": "{{.*}}construct-extern-local.c",
// JSON-NEXT:       "line": 16
// JSON-NEXT:     },
// JSON-NEXT:     "name": "total",
