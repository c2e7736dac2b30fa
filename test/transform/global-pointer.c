// Arrays reached through global pointers that main sets: `static int *a`
// given malloc'd memory, functions that take indices. Such a pointer keeps
// one value while any function but main runs (docs/regions.md, Global
// pointers), so what it points to is a region counted from where it points:
// a bitonic sort through a helper that swaps by a macro, a tutorial merge
// sort on two global pointers (tested at run time, since main may set them
// into one array), a local pointer set from one (`double *p = v + lo`),
// pointers that walk from one end to the other (`while (p < end)`, `for (p =
// &g[lo]; p != &g[hi]; p++)`), a loop of calls a row whose sizes are
// globals, two pointers main sets one element apart on purpose (every test
// finds the overlap and the calls run in order), and a pointer a function
// sets (two buffers swapped), which stays sequential. Prints the same on
// every node count, copied, xdr, TSan and mpi (where the calls run on the
// rank that makes them).
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave parallelize %s --dry-run 2>&1 | FileCheck --check-prefix=DRY %s
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/global-pointer.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy CLEAVE_ENCODING=xdr %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 CLEAVE_REPORT_TESTS=1 %t.par 2>&1 >/dev/null | FileCheck --check-prefix=TESTS %s
// RUN: %cc -O1 -g -fsanitize=thread %t.out/global-pointer.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.tsan
// RUN: env TSAN_OPTIONS=halt_on_error=1 CLEAVE_NODES=4 %t.tsan | diff %t.expected -
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t.par | diff %t.expected - %}
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 4 %t.par | diff %t.expected - %}
// DRY: msort: spawned {{.*}}; regions arr[l:(l + r) / 2 + 1], tmp[l:(l + r) / 2 + 1];
// DRY: scale: spawned {{.*}}; regions v[lo:(hi - lo) / 2 + lo];
// DRY: blur_row: spawned {{.*}}; regions {{.*}}'blur_row' ::img[y - 1:y + 2][0: ::W] (rows of ::W), 'blur_row' ::out[::W * y: ::W + ::W * y];
// TESTS: cleave: run-time region tests: {{[1-9][0-9]*}} made, {{[1-9][0-9]*}} found an overlap
#include <stdio.h>
#include <stdlib.h>

#define N 4096
#define SWAP(x, y) \
  do { \
    int t_ = (x); \
    (x) = (y); \
    (y) = t_; \
  } while (0)

// A bitonic sort of a[lo..lo + cnt), cnt a power of two.
static int *a;

static void compare(int i, int j, int up) {
  if (up == (a[i] > a[j]))
    SWAP(a[i], a[j]);
}

static void bitonic_merge(int lo, int cnt, int up) {
  if (cnt > 1) {
    int k = cnt / 2;
    for (int i = lo; i < lo + k; i++)
      compare(i, i + k, up);
    // REMARK: global-pointer.c:[[@LINE+1]]:5: remark: call to 'bitonic_merge' runs asynchronously {{.*}}; where regions are copied (mpi) it runs here: it reaches the array through global pointer 'a', which each rank sets for itself
    bitonic_merge(lo, k, up);
    bitonic_merge(lo + k, k, up);
  }
}

static void bitonic_sort(int lo, int cnt, int up) {
  if (cnt > 1) {
    int k = cnt / 2;
    // REMARK: global-pointer.c:[[@LINE+1]]:5: remark: call to 'bitonic_sort' runs asynchronously {{.*}}global pointer 'a'
    bitonic_sort(lo, k, 1);
    bitonic_sort(lo + k, k, 0);
    bitonic_merge(lo, cnt, up);
  }
}

// A merge sort of arr[l..r] through tmp, inclusive bounds.
int *arr, *tmp;

void merge(int l, int m, int r) {
  int i = l, j = m + 1, k = l;
  while (i <= m && j <= r)
    tmp[k++] = arr[i] <= arr[j] ? arr[i++] : arr[j++];
  while (i <= m)
    tmp[k++] = arr[i++];
  while (j <= r)
    tmp[k++] = arr[j++];
  for (k = l; k <= r; k++)
    arr[k] = tmp[k];
}

void msort(int l, int r) {
  if (l < r) {
    int m = (l + r) / 2;
    // REMARK: global-pointer.c:[[@LINE+1]]:5: remark: call to 'msort' runs asynchronously {{.*}}a run-time test before the spawn compares its bytes with those of the call at line [[@LINE+2]]
    msort(l, m);
    msort(m + 1, r);
    merge(l, m, r);
  }
}

// Scales v[lo..hi) through a local pointer set from the global.
static double *v;

static void scale(int lo, int hi) {
  double *p = v + lo;
  int n = hi - lo;
  if (n <= 64) {
    for (int i = 0; i < n; i++)
      p[i] = p[i] * 1.5 + i;
    return;
  }
  // REMARK: global-pointer.c:[[@LINE+1]]:3: remark: call to 'scale' runs asynchronously {{.*}}global pointer 'v'
  scale(lo, lo + n / 2);
  scale(lo + n / 2, hi);
}

// A blur of the rows of img into out, W x H, sizes kept in globals.
static float *img, *out;
static int W, H;

static void blur_row(int y) {
  float *o = out + (long)y * W;
  for (int x = 0; x < W; x++) {
    float s = 0;
    int c = 0;
    for (int dy = -1; dy <= 1; dy++)
      if (y + dy >= 0 && y + dy < H) {
        s += img[(long)(y + dy) * W + x];
        c++;
      }
    o[x] = s / c;
  }
}

static void blur(void) {
  int y;
  for (y = 0; y < H; y++)
// REMARK: global-pointer.c:[[@LINE+1]]:5: remark: call to 'blur_row' runs asynchronously {{.*}}under a run-time test{{.*}}('out' and 'img' may point into the same array)
    blur_row(y);
}

// Inverts g[lo..hi) by a pointer walking from one end to the other, and
// adds k to each of g[lo..hi) by a `for` loop on a pointer.
static unsigned char *g;

static void invert(int lo, int hi) {
  if (hi - lo <= 64) {
    unsigned char *p = g + lo, *end = g + hi;
    while (p < end) {
      *p = 255 - *p;
      p++;
    }
    return;
  }
  // REMARK: global-pointer.c:[[@LINE+1]]:3: remark: call to 'invert' runs asynchronously {{.*}}global pointer 'g'
  invert(lo, (lo + hi) / 2);
  invert((lo + hi) / 2, hi);
}

static void add(int lo, int hi, int k) {
  if (hi - lo <= 64) {
    unsigned char *p;
    for (p = &g[lo]; p != &g[hi]; p++)
      *p += k;
    return;
  }
  // REMARK: global-pointer.c:[[@LINE+1]]:3: remark: call to 'add' runs asynchronously {{.*}}global pointer 'g'
  add(lo, (lo + hi) / 2, k);
  add((lo + hi) / 2, hi, k);
}

// Two pointers main sets one element apart: each call's writes through
// one meet the other call's through the other.
static long *x, *y;

static void work(int lo, int hi) {
  if (hi - lo < 2) {
    x[lo] += lo;
    y[lo] = y[lo] * 3 + 1;
    return;
  }
  // REMARK: global-pointer.c:[[@LINE+1]]:3: remark: call to 'work' runs asynchronously {{.*}}a run-time test before the spawn
  work(lo, lo + (hi - lo) / 2);
  work(lo + (hi - lo) / 2, hi);
}

// A buffer pair a function swaps: no value kept.
static int *src, *dst;

static void step(int lo, int hi) {
  if (hi - lo < 32) {
    for (int i = lo; i < hi; i++)
      dst[i] = src[i] + (i > 0 ? src[i - 1] : 0);
    return;
  }
  // REMARK: global-pointer.c:[[@LINE+1]]:3: remark: call to 'step' stays sequential: 'step' writes global 'dst'
  step(lo, (lo + hi) / 2);
  step((lo + hi) / 2, hi);
}

static void flip(void) {
  int *t = src;
  src = dst;
  dst = t;
}

int main(void) {
  unsigned s = 12345;
  a = malloc(N * sizeof *a);
  arr = malloc(N * sizeof *arr);
  tmp = malloc(N * sizeof *tmp);
  v = malloc(N * sizeof *v);
  g = malloc(N);
  W = 70;
  H = 50;
  img = malloc(sizeof *img * W * H);
  out = malloc(sizeof *out * W * H);
  long *both = calloc(N + 2, sizeof *both);
  x = both + 1;
  y = x - 1;
  src = calloc(N, sizeof *src);
  dst = calloc(N, sizeof *dst);
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    a[i] = (int)(s >> 8) % 10007;
    arr[i] = (int)(s >> 4) % 1009;
    v[i] = (i % 17) * 0.25;
    src[i] = i % 5;
  }
  for (int i = 0; i < W * H; i++)
    img[i] = (float)((i * 37) % 101);
  bitonic_sort(0, N, 1);
  msort(0, N - 1);
  scale(0, N);
  for (int i = 0; i < N; i++)
    g[i] = (unsigned char)(i * 7);
  invert(0, N);
  add(0, N, 3);
  blur();
  work(0, N);
  for (int k = 0; k < 3; k++) {
    step(0, N);
    flip();
  }
  long h = 0;
  double d = 0;
  for (int i = 0; i < N; i++) {
    h = (h * 31 + a[i] + 7 * arr[i] + 11 * both[i] + src[i] + 13 * g[i]) % 1000000007;
    d += v[i] * (i % 3);
  }
  for (int i = 0; i < W * H; i++)
    d += out[i] * (i % 7);
  printf("%d %d %d %d %ld %.3f\n", a[0], a[N - 1], arr[0], arr[N - 1], h, d);
  free(a);
  free(arr);
  free(tmp);
  free(v);
  free(g);
  free(img);
  free(out);
  free(both);
  free(src);
  free(dst);
  return 0;
}
