// Loops of any function whose one call of the program's functions goes to
// another function: every iteration may spawn its call, joined after the
// loop. The loop asks the runtime (NAME__loop_spawns, clv_loop_spawns) on
// entry and after each spawn; on one node, and once the calls are measured
// not to pay, it joins what it spawned and runs the rest of its iterations
// as written, so that a sum of doubles comes out bit for bit the same and a
// loop of small calls runs as the compiler made it.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/loop-other-calls.c
// RUN: FileCheck --check-prefix=STUBS %s < %t.out/cleave_stubs.c
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/loop-other-calls.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq 240 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 240 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 240 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 240 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par 240 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 CLEAVE_PASS=copy %t.par 240 | diff %t.expected -
// Regions copied on 8 nodes under AddressSanitizer: an access outside them is reported.
// RUN: %cc -O1 -g -fsanitize=address %t.out/loop-other-calls.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: env CLEAVE_NODES=8 CLEAVE_PASS=copy %t.asan 240 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

static int iterate(double cr, double ci, int max) {
  double zr = 0, zi = 0;
  int k = 0;
  while (k < max && zr * zr + zi * zi < 4) {
    double t = zr * zr - zi * zi + cr;
    zi = 2 * zr * zi + ci;
    zr = t;
    k++;
  }
  return k;
}

// One row of the Mandelbrot set.
void row(int *out, int y, int w, int h, int max) {
  for (int x = 0; x < w; x++)
    out[x] = iterate(-2.0 + 3.0 * x / w, -1.5 + 3.0 * y / h, max);
}

// The mean of a row, scaled.
double mean(const int *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] / 7.0;
  return s / n;
}

// A little work, in a loop: worth a message only where it is large.
void scale(double *v, int n, double f) {
  for (int i = 0; i < n; i++)
    v[i] *= f;
}

// A fixed amount of work: never worth a message.
static unsigned mix(unsigned v) {
  v ^= v >> 16;
  v *= 0x45d9f3bu;
  return v ^ (v >> 16);
}

// Arguments: the width of the image, and how many times a loop scales
// 4 x 10^5 doubles, 4 at a time (for bench/README.md).
int main(int argc, char **argv) {
  int w = argc > 1 ? atoi(argv[1]) : 240, h = w;
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  int *img = malloc((size_t)w * h * sizeof *img);
  for (int y = 0; y < h; y++)
    row(img + (size_t)y * w, y, w, h, 500);
  // REMARK: loop-other-calls.c:[[@LINE-1]]:5: remark: call to 'row' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE-1]], with the calls of the other iterations
  // EMIT: int [[ON:cleave_f[0-9]+_on]] = row__loop_spawns(); for (int y = 0; y < h; y++)
  // EMIT-NEXT: { if (![[ON]]) { for ({{.*}}) { row__join({{.*}}); } clv_spawns_free(&{{.*}}); for (; y < h; y++) { row(img + (size_t)y * w, y, w, h, 500); } break; } (clv_spawns_next(&{{.*}}), clv_spawns_add(&{{.*}}, row__spawn(img + (size_t)y * w, y, w, h, 500)), [[ON]] = row__loop_spawns()); }
  double total = 0;
  for (int y = 0; y < h; y++)
    total += mean(img + (size_t)y * w, w);
  // REMARK: loop-other-calls.c:[[@LINE-1]]:14: remark: call to 'mean' runs asynchronously
  // EMIT: { if (![[ON2:cleave_f[0-9]+_on]]) { {{.*}} total += *(double *)clv_spawns_value({{.*}}); } clv_spawns_free(&{{.*}}); for (; y < h; y++) { total += mean(img + (size_t)y * w, w); } break; } (clv_spawns_add(&{{.*}}, mean__spawn((double *)clv_spawns_next(&{{.*}}), img + (size_t)y * w, w)), [[ON2]] = mean__loop_spawns()); }
  unsigned sum = 0;
  for (int i = 0; i < w * h; i++)
    sum += mix((unsigned)img[i]);
  // REMARK: loop-other-calls.c:[[@LINE-1]]:12: remark: call to 'mix' stays sequential: 'mix' has no loop and calls no function of the program: its work is too small to pay for a message
  double *v = malloc(400000 * sizeof *v);
  for (int i = 0; i < 400000; i++)
    v[i] = i % 7;
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < 100000; i++)
      scale(v + (size_t)i * 4, 4, 1.0001);
  // REMARK: loop-other-calls.c:[[@LINE-1]]:7: remark: call to 'scale' runs asynchronously
  double scaled = 0;
  for (int i = 0; i < 400000; i++)
    scaled += v[i];
  printf("%u %.17g %.17g\n", sum, total, scaled);
  free(img);
  free(v);
  return 0;
}
// STUBS: int row__loop_spawns(void) { return clv_loop_spawns(CLEAVE_FN_row); }
