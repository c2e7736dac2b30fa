// A pointer parameter touched at more scattered places than the summary keeps
// apart gets no region (and the model is still written); two of them, z
// apart, are rows 0 and 1 of stride z.
// RUN: cleave analyze --json %s > %t.json
// RUN: FileCheck --check-prefix=JSON %s < %t.json
// RUN: cleave analyze %s | FileCheck %s
void scattered(long long *x, long y, long z) {
  long long a = x[z * 4 + y * 3], b = x[z * 5 + y * 3], c = x[z * 5 + y * 4];
  x[y * 4] = a;
  x[z * 5 + y * 5] = b + c;
}
// JSON:      "name": "scattered",
// JSON:      "regions": [],
// CHECK-LABEL: function scattered at
// CHECK:       stays local: has pointer parameter 'x' without a region (it accesses x[0:2][3 * y + 4 * z:3 * y + 4 * z + 1] (rows of z) and {{.*}}, which do not join into one region; add '#pragma cleave region(x[FIRST:END])' before the function, with the bounds of what it touches in its parameters)
