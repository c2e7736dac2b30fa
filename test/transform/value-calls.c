// Self-calls whose value is used: assigned to a local, declared, or operands
// of an expression (a return, a compound assignment, an initializer, a
// statement that is the body of an `if`). The first of each pair runs
// asynchronously into a temporary, joined where its value is first needed;
// the output builds with -Wall -Wextra -Werror and prints what the sequential
// program prints on 1 to 8 nodes, regions shared or copied, and on mpi.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/value-calls.c
// RUN: FileCheck --check-prefix=STUB %s < %t.out/cleave_stubs.c
// RUN: %cc -Wall -Wextra -Werror -Wno-unknown-pragmas %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/value-calls.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: FileCheck --check-prefix=RESULT %s < %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=8 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=5 CLEAVE_ENCODING=xdr CLEAVE_PASS=copy %t.par | diff %t.expected -
#include <stdio.h>

// x = f(..); y = f(..); return x + y;
// REMARK: value-calls.c:[[@LINE+6]]:7: remark: call to 'fib' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE+9]]
// REMARK: value-calls.c:[[@LINE+6]]:7: remark: call to 'fib' stays sequential: it is the part kept on this node
long fib(int n) {
  long x, y;
  if (n < 2)
    return n;
  x = fib(n - 1);
  y = fib(n - 2);
  // fib's own comment stays.
  return x + y;
}
// EMIT:      long cleave_v{{[0-9]+}}; clv_future *cleave_f{{[0-9]+}} = fib__spawn(&cleave_v{{[0-9]+}}, n - 1);
// EMIT-NEXT: y = fib__here(n - 2);
// EMIT-NEXT: // fib's own comment stays.
// EMIT-NEXT: fib__join(cleave_f{{[0-9]+}}, &cleave_v{{[0-9]+}}); x = cleave_v{{[0-9]+}};
// EMIT-NEXT: return x + y;

// Declarations: T x = f(..); and a join inside the statement whose operand
// call runs beside it.
// REMARK: value-calls.c:[[@LINE+6]]:16: remark: call to 'tri' runs asynchronously on the next node of the binomial tree; joined before the rest of the statement of line [[@LINE+7]]
// REMARK: value-calls.c:[[@LINE+6]]:18: remark: call to 'tri' stays sequential: it is the part kept on this node
unsigned tri(unsigned n) {
  if (n == 0)
    return 0;
  unsigned half = n / 2;
  unsigned a = tri(half);
  return n + a + tri(n - 1 - half) + (half + 1) * (n - half) - (half + 1) * (n - half);
}
// EMIT:      unsigned a; unsigned int cleave_v{{[0-9]+}}; clv_future *cleave_f{{[0-9]+}} = tri__spawn(&cleave_v{{[0-9]+}}, half);
// EMIT-NEXT: { unsigned int [[V:cleave_v[0-9]+]]; [[V]] = tri(n - 1 - half); tri__join(cleave_f{{[0-9]+}}, &cleave_v{{[0-9]+}}); a = cleave_v{{[0-9]+}}; return n + a + [[V]] + (half + 1) * (n - half) - (half + 1) * (n - half); }

// A region, read only, and operands of a statement that is not in a block.
// REMARK: value-calls.c:[[@LINE+7]]:12: remark: call to 'total' runs asynchronously on the next node of the binomial tree; joined before the rest of its statement
// REMARK: value-calls.c:[[@LINE+6]]:30: remark: call to 'total' stays sequential: it is the part kept on this node
#pragma cleave region(v[0:n])
double total(const double *v, int n) {
  if (n == 1)
    return v[0];
  else
    return total(v, n / 2) + total(v + n / 2, n - n / 2);
}
// EMIT: else
// EMIT-NEXT: { double [[A:cleave_v[0-9]+]]; clv_future *[[F:cleave_f[0-9]+]]; double [[B:cleave_v[0-9]+]]; [[F]] = total__spawn(&[[A]], v, n / 2); [[B]] = total(v + n / 2, n - n / 2); total__join([[F]], &[[A]]); return [[A]] + [[B]]; }

// A compound assignment, and calls that cannot move: in a condition, as an
// argument of another call of the function, alone in a branch of '?:'.
// REMARK: value-calls.c:[[@LINE+11]]:8: remark: call to 'paths' runs asynchronously on the next node of the binomial tree; joined before the rest of its statement
// REMARK: value-calls.c:[[@LINE+10]]:26: remark: call to 'paths' stays sequential: it is the part kept on this node
// REMARK: value-calls.c:[[@LINE+10]]:7: remark: call to 'paths' stays sequential: its value is tested by the condition of an 'if'
// REMARK: value-calls.c:[[@LINE+9]]:22: remark: call to 'paths' stays sequential: its value is tested by the condition of an 'if'
// REMARK: value-calls.c:[[@LINE+9]]:10: remark: call to 'paths' stays sequential: its arguments have side effects, which must happen where it is called
// REMARK: value-calls.c:[[@LINE+8]]:24: remark: call to 'paths' stays sequential: its value is an argument of another call of 'paths'
// REMARK: value-calls.c:[[@LINE+8]]:22: remark: call to 'paths' stays sequential: its value is needed by its statement, and no other call of 'paths' runs beside it
long paths(int r, int c) {
  long s = 1;
  if (r == 0 || c == 0)
    return 1;
  s += paths(r - 1, c) + paths(r, c - 1) - 1;
  if (paths(0, 1) && paths(0, c))
    s += paths(0, (int)paths(0, 0)) - 1;
  return s > 0 ? s : paths(0, 0);
}
// EMIT: { long [[A:cleave_v[0-9]+]]; clv_future *[[F:cleave_f[0-9]+]]; long [[B:cleave_v[0-9]+]]; [[F]] = paths__spawn(&[[A]], r - 1, c); [[B]] = paths(r, c - 1); paths__join([[F]], &[[A]]); s += [[A]] + [[B]] - 1; }

// A branch that returns between the spawn and the join, reading the value:
// the call is joined at its start too, and the condition, which only reads
// what the call only reads, runs beside the call.
// REMARK: value-calls.c:[[@LINE+6]]:17: remark: call to 'pick' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE+14]], and where the branch of line [[@LINE+8]] returns, and where the branch of line [[@LINE+9]] returns
// REMARK: value-calls.c:[[@LINE+12]]:21: remark: call to 'pick' stays sequential: it is the part kept on this node
#pragma cleave region(w[i:n])
int pick(const int *w, int n, int i, int room) {
  if (i >= n)
    return 0;
  int without = pick(w, n, i + 1, room);
  if (w[i] > room)
    return without;
  if (w[i] == room) {
    int exact = w[i];
    return exact > without ? exact : without;
  }
  int with = w[i] + pick(w, n, i + 1, room - w[i]);
  return with > without ? with : without;
}
// EMIT:      if (w[i] > room)
// EMIT-NEXT:   { pick__join(cleave_f{{[0-9]+}}, &cleave_v{{[0-9]+}}); without = cleave_v{{[0-9]+}}; return without; }
// EMIT-NEXT: if (w[i] == room) { pick__join(cleave_f{{[0-9]+}}, &cleave_v{{[0-9]+}}); without = cleave_v{{[0-9]+}};
// EMIT:      int with = w[i] + pick__here(w, n, i + 1, room - w[i]);
// EMIT-NEXT: pick__join(cleave_f{{[0-9]+}}, &cleave_v{{[0-9]+}}); without = cleave_v{{[0-9]+}};
// EMIT-NEXT: return with > without ? with : without;

// A branch that may fall through past the join, or a condition that reads
// what the call writes, keeps the call sequential, and the remark says which.
// REMARK: value-calls.c:[[@LINE+6]]:14: remark: call to 'drop' stays sequential: the next statement may jump past its join
// REMARK: value-calls.c:[[@LINE+11]]:14: remark: call to 'drop' stays sequential: the next statement has a condition that may touch what it reads or writes (the access 'w[i]' at line [[@LINE+12]] may be inside them)
#pragma cleave region(w[i:n])
int drop(int *w, int n, int i) {
  if (i >= n)
    return 0;
  int rest = drop(w, n, i + 1);
  if (rest > 100) {
    if (rest > 1000)
      return rest;
  }
  rest += drop(w, n, i + 1) / 2;
  int more = drop(w, n, i + 1);
  if (w[i] > 5)
    return rest;
  w[i] = rest + (more & 1) + drop(w, n, i + 1) % 2;
  return rest + w[i];
}

// The value of a return that is a '?:' reads as an `if`: the calls of the
// branch that holds them are evaluated first in it, the other branch's stay
// where they are, and a join of an earlier call stands before the statement.
// REMARK: value-calls.c:[[@LINE+2]]:39: remark: call to 'fibq' runs asynchronously on the next node of the binomial tree; joined before the rest of its statement
// REMARK: value-calls.c:[[@LINE+1]]:53: remark: call to 'fibq' stays sequential: it is the part kept on this node
long fibq(int n) { return n < 2 ? n : fibq(n - 1) + fibq(n - 2); }
// EMIT: long fibq(int n) { { if (n < 2) return n; else { long [[A:cleave_v[0-9]+]]; clv_future *[[F:cleave_f[0-9]+]]; long [[B:cleave_v[0-9]+]]; [[F]] = fibq__spawn(&[[A]], n - 1); [[B]] = fibq(n - 2); fibq__join([[F]], &[[A]]); return [[A]] + [[B]]; } } }

// REMARK: value-calls.c:[[@LINE+4]]:19: remark: call to 'leaves' runs asynchronously on the next node of the binomial tree; joined before the rest of its statement
// REMARK: value-calls.c:[[@LINE+3]]:35: remark: call to 'leaves' stays sequential: it is the part kept on this node
// REMARK: value-calls.c:[[@LINE+3]]:27: remark: call to 'leaves' stays sequential: it is an operand of '?:', which evaluates one of its branches
long leaves(int n) {
  return (n > 1 ? leaves(n / 2) + leaves(n - n / 2)
                : n < 0 ? leaves(-n) : n);
}
// EMIT:      long leaves(int n) {
// EMIT-NEXT:   { if (n > 1) { long [[A:cleave_v[0-9]+]]; clv_future *[[F:cleave_f[0-9]+]]; long [[B:cleave_v[0-9]+]]; [[F]] = leaves__spawn(&[[A]], n / 2); [[B]] = leaves(n - n / 2); leaves__join([[F]], &[[A]]); return [[A]] + [[B]]; } else return n < 0 ? leaves__here(-n) : n; }

// REMARK: value-calls.c:[[@LINE+5]]:12: remark: call to 'mix' stays sequential: the next statement may jump past its join
// REMARK: value-calls.c:[[@LINE+5]]:22: remark: call to 'mix' runs asynchronously on the next node of the binomial tree; joined before the rest of its statement
long mix(int n) {
  if (n < 2)
    return n;
  long a = mix(n - 1);
  return n % 3 ? a + mix(n - 2) + mix(n - 3 < 0 ? 0 : n - 3) : a;
}

int main(void) {
  double v[37];
  int i;
  for (i = 0; i < 37; i++)
    v[i] = i * 0.5;
  printf("fib %ld\n", fib(20));
  printf("tri %u\n", tri(200));
  printf("total %.1f\n", total(v, 37));
  printf("paths %ld\n", paths(8, 8));
  int w[14];
  for (i = 0; i < 14; i++)
    w[i] = 3 + (i * 7) % 11;
  printf("pick %d %d\n", pick(w, 14, 0, 40), pick(w, 14, 0, 12));
  printf("drop %d\n", drop(w, 8, 0));
  printf("fibq %ld leaves %ld %ld mix %ld\n", fibq(20), leaves(37), leaves(-5), mix(16));
  return 0;
}
// RESULT:      fib 6765
// RESULT-NEXT: tri 1353
// RESULT-NEXT: total 333.0
// RESULT-NEXT: paths 12870
// RESULT-NEXT: pick
// RESULT-NEXT: drop
// RESULT-NEXT: fibq 6765 leaves 37 5

// STUB: clv_future *fib__spawn(long *cleave_result, int n) {
// STUB:        cleave_node = clv_spawn_node_for(CLEAVE_FN_fib, 0);
// STUB-NEXT:   if (cleave_node < 0) {
// STUB-NEXT:     if (cleave_node != CLV_NOT_WORTH && clv_local_enter()) {
// STUB-NEXT:       if (cleave_result)
// STUB-NEXT:         *cleave_result = fib(n);
// STUB:          } else {
// STUB-NEXT:       if (cleave_result)
// STUB-NEXT:         *cleave_result = fib__cleave_seq_entry(n);
// STUB:      void fib__join(clv_future *cleave_f, long *cleave_result) {
// STUB:        if (cleave_result) {
// STUB-NEXT:     if (clv_buf_get_values(&cleave_reply, CLV_I64, &*cleave_result, 1) != CLV_OK)
