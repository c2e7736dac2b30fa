// Structs travel: by value (nested, with fixed arrays, an enumeration and a
// bit-field), as regions of structs, one of them through a pointer (its
// writes come back as a region's: q[0:1]), and as a linked structure (a
// tree copied whole to the callee). Every transport and encoding prints what the
// sequential build prints.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=STUBS %s < %t.out/cleave_stubs.c
// RUN: %cc -Wall -Werror %s -Wno-unknown-pragmas -o %t.seq
// RUN: %cc -Wall -Werror %t.out/structs.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=8 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy CLEAVE_ENCODING=xdr %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_ENCODING=xdr %t.par | diff %t.expected -
// RUN: FileCheck --check-prefix=RESULT %s < %t.expected
#include <stdio.h>
#include <stdlib.h>

enum shape { ROUND, SQUARE };
struct scale {
  double factor[2];
  enum shape kind;
  unsigned flags : 3;
};
struct particle {
  float pos[3];
  long id;
  struct scale s;
};

// Scales the particles in [0, n) by a struct passed by value, in halves.
#pragma cleave region(p[0:n])
void scale_all(struct particle *p, int n, struct scale s) {
  if (n < 4) {
    for (int i = 0; i < n; i++)
      for (int k = 0; k < 3; k++)
        p[i].pos[k] *= (float)s.factor[k % 2] * (s.kind == SQUARE ? 2 : 1) + s.flags;
    return;
  }
  scale_all(p, n / 2, s);
  scale_all(p + n / 2, n - n / 2, s);
}
// REMARK: structs.c:[[@LINE-3]]:3: remark: call to 'scale_all' runs asynchronously

// STUBS:      struct scale {
// STUBS-NEXT:   double factor[2];
// STUBS-NEXT:   unsigned int kind;
// STUBS-NEXT:   unsigned int flags : 3;
// STUBS-NEXT: };
// STUBS-NEXT: typedef char cleave_layout_scale[(sizeof(struct scale) == 24 && offsetof(struct scale, factor) == 0 && offsetof(struct scale, kind) == 16) ? 1 : -1];
// STUBS:      if (clv_buf_put_values(cleave_b, CLV_F64, &v->factor, 2) != CLV_OK)
// STUBS:      if (clv_buf_put_pointer(&cleave_args, t, cleave_put_node) != CLV_OK)
// STUBS:      if (clv_buf_put_pending(&cleave_args) != CLV_OK)
// STUBS:      clv_buf_put_region_objects(&cleave_args, p + p__lo, sizeof(struct particle), p__count, cleave_put_particle)
// STUBS:      static const clv_program cleave_program = {cleave_functions, 3, 0x{{[0-9a-f]+}}ULL, CLV_ENCODING_NATIVE};

// Moves one particle over a number of steps: q[0:1], read and written; the
// loop in main spawns a call per particle.
void drift(struct particle *q, int steps) {
  for (int t = 0; t < steps; t++)
    for (int k = 0; k < 3; k++)
      q->pos[k] += 0.25f * (float)((q->id + t + k) % 3) - 0.25f;
  q->id += steps;
}

struct node {
  int value;
  struct node *left, *right;
  int size; // nodes in this subtree
};

// Writes the values of the tree in order into out[0:size].
#pragma cleave region(out[0:n])
void flatten(const struct node *t, int *out, int n) {
  if (!t)
    return;
  int nl = t->left ? t->left->size : 0;
  flatten(t->left, out, nl);
  flatten(t->right, out + nl + 1, n - nl - 1);
  out[nl] = t->value;
}
// REMARK: structs.c:[[@LINE-4]]:3: remark: call to 'flatten' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE-2]]
// REMARK: structs.c:[[@LINE-4]]:3: remark: call to 'flatten' stays sequential: it is the part kept on this node

static struct node *build(int lo, int hi) {
  if (lo >= hi)
    return NULL;
  int mid = lo + (hi - lo) / 2;
  struct node *t = malloc(sizeof *t);
  t->value = mid * 3;
  t->left = build(lo, mid);
  t->right = build(mid + 1, hi);
  t->size = hi - lo;
  return t;
}

int main(void) {
  enum { N = 1000 };
  static struct particle p[N];
  for (int i = 0; i < N; i++) {
    p[i].id = i;
    for (int k = 0; k < 3; k++)
      p[i].pos[k] = (float)(i + k);
  }
  struct scale s = {{1.5, 0.5}, SQUARE, 5};
  scale_all(p, N, s);
  // REMARK: structs.c:[[@LINE+2]]:5: remark: call to 'drift' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+2]], with the calls of the other iterations
  for (int i = 0; i < N; i++)
    drift(&p[i], 40);
  long ids = 0;
  for (int i = 0; i < N; i++)
    ids += p[i].id;
  printf("ids %ld\n", ids);
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += p[i].pos[0] + p[i].pos[1] + p[i].pos[2];
  printf("sum %.1f\n", sum);
  struct node *t = build(0, 500);
  static int out[500];
  flatten(t, out, t->size);
  long check = 0;
  for (int i = 0; i < 500; i++)
    check = check * 31 % 1000003 + out[i];
  printf("check %ld\n", check);
  return 0;
}
// RESULT: ids 539500
// RESULT-NEXT: sum {{[0-9]+}}.{{[0-9]}}
// RESULT-NEXT: check {{[0-9]+}}
