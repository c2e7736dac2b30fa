// Globals that are const (and not volatile) hold one value on every node:
// reading one, directly or through a callee, keeps no call on its node and
// is marked constant in the model; a volatile const one or a plain one does
// keep it. A plain one travels instead: its callers send its value
// (a region of one element, as they would a pointer parameter's).
// RUN: cleave analyze %s | FileCheck %s
// RUN: cleave analyze --json %s | FileCheck --check-prefix=JSON %s
static const double tolerance = 1e-9;
const volatile int port = 3;
int counter = 0;

static double scaled(double x) { return x * tolerance; }
double near(double a, double b) { return scaled(a - b) < tolerance ? 0 : a - b; }
int reads_port(int x) { return x + port; }
int reads_counter(int x) { return x + counter; }

// CHECK-LABEL: function near at
// CHECK:      can run on another node
// CHECK-NEXT: reads constant global tolerance
// CHECK-LABEL: function reads_counter at
// CHECK:      region: ::counter[0:1] (read, inferred)
// CHECK-NEXT: can run on another node
// CHECK-NEXT: reads ::counter[0:1]
// CHECK-LABEL: function reads_port at
// CHECK:      stays local: reads global 'port'
// CHECK-NEXT: reads global port

// JSON:      "globals_read": [
// JSON-NEXT:   {
// JSON-NEXT:     "constant": true,
// JSON-NEXT:     "name": "tolerance"
