// Calls of other recursive functions in the blocks of a recursive function
// run beside each other as its self-calls do: a factorization's two solves
// beside each other (`lower(a, h); upper(a + h, n - h);`), a recursion
// through a helper it calls twice (`halve` calls `pass` on each half, which
// calls `halve` again), values of two different recursions summed
// (`long l = count_even(..); long r = count_odd(..); return l + r;`), and
// two calls of different functions that write the same range, which stay
// in order. Prints the same on every node count, copied, xdr, TSan and mpi.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/other-recursive.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy CLEAVE_ENCODING=xdr %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par | diff %t.expected -
// RUN: %cc -O1 -g -fsanitize=thread %t.out/other-recursive.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.tsan
// RUN: env TSAN_OPTIONS=halt_on_error=1 CLEAVE_NODES=4 %t.tsan | diff %t.expected -
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t.par | diff %t.expected - %}
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 4 %t.par | diff %t.expected - %}
#include <stdio.h>

#define N 4096

// Prefix sums and suffix products by halves, each its own recursion.
static void lower(long *a, int n) {
  if (n < 64) {
    for (int i = 1; i < n; i++)
      a[i] += a[i - 1];
    return;
  }
  int h = n / 2;
  lower(a, h);
  lower(a + h, n - h);
  for (int i = h; i < n; i++)
    a[i] += a[h - 1];
}
static void upper(long *a, int n) {
  if (n < 64) {
    for (int i = n - 2; i >= 0; i--)
      a[i] = (a[i] * 3 + a[i + 1]) % 1000003;
    return;
  }
  int h = n / 2;
  upper(a + h, n - h);
  upper(a, h);
  for (int i = 0; i < h; i++)
    a[i] = (a[i] + a[h]) % 1000003;
}

// REMARK: other-recursive.c:[[@LINE+8]]:5: remark: call to 'lower' runs asynchronously
// REMARK: other-recursive.c:[[@LINE+8]]:5: remark: call to 'upper' stays sequential: it is the part kept on this node
// REMARK: other-recursive.c:[[@LINE+9]]:3: remark: call to 'factor' stays sequential: it ends its block
void factor(long *a, int n) {
  if (n < 256)
    return;
  int h = n / 2;
  if (n >= 1024) {
    lower(a, h);
    upper(a + h, n - h);
  }
  factor(a + h / 2, h);
}

// Through a helper: halve calls pass on each half, pass calls halve.
static void halve(double *v, int n);
static void pass(double *v, int n, int depth) {
  for (int i = 0; i < n; i++)
    v[i] = v[i] * 0.5 + depth;
  halve(v, n);
}
// REMARK: other-recursive.c:[[@LINE+8]]:3: remark: call to 'pass' runs asynchronously
// REMARK: other-recursive.c:[[@LINE+8]]:3: remark: call to 'pass' stays sequential: it is the part kept on this node
static void halve(double *v, int n) {
  if (n < 32) {
    for (int i = 1; i < n; i++)
      v[i] += v[i - 1] * 0.25;
    return;
  }
  pass(v, n / 2, n);
  pass(v + n / 2, n - n / 2, n);
}

// Two recursions whose values are summed.
static long count_even(const int *a, int n) {
  if (n < 16) {
    long c = 0;
    for (int i = 0; i < n; i++)
      c += a[i] % 2 == 0;
    return c;
  }
  return count_even(a, n / 2) + count_even(a + n / 2, n - n / 2);
}
static long count_odd(const int *a, int n) {
  if (n < 16) {
    long c = 0;
    for (int i = 0; i < n; i++)
      c += a[i] % 2 != 0;
    return c;
  }
  return count_odd(a, n / 2) + count_odd(a + n / 2, n - n / 2);
}
// REMARK: other-recursive.c:[[@LINE+6]]:12: remark: call to 'count_even' runs asynchronously
// REMARK: other-recursive.c:[[@LINE+6]]:12: remark: call to 'count_odd' stays sequential: it is the part kept on this node
long count_both(const int *a, int n, int depth) {
  if (depth == 0)
    return 0;
  long l = count_both(a, n, depth - 1);
  long e = count_even(a, n);
  long o = count_odd(a, n);
  return l + e * 2 + o * 3;
}

// Both write all of a: in order.
// REMARK: other-recursive.c:[[@LINE+5]]:3: remark: call to 'lower' stays sequential: the next statement may touch what it reads or writes
void both(long *a, int n, int depth) {
  if (depth == 0)
    return;
  both(a, n, depth - 1);
  lower(a, n);
  upper(a, n);
}

static long la[N], lb[N];
static double dv[N];
static int iv[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    la[i] = lb[i] = i % 97;
    dv[i] = (i % 13) * 0.125;
    iv[i] = i * 7 + 3;
  }
  factor(la, N);
  halve(dv, N);
  both(lb, N, 2);
  long s = 0, t = 0;
  double d = 0;
  for (int i = 0; i < N; i++) {
    s = (s * 31 + la[i]) % 1000000007;
    t = (t * 31 + lb[i]) % 1000000007;
    d += dv[i] * (i % 5);
  }
  printf("%ld %ld %.6f %ld\n", s, t, d, count_both(iv, N, 3));
  return 0;
}
