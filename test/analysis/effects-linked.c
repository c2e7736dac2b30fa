// Pointer-linked structures: what a function reaches from a node parameter
// through pointer fields, read or written, followed through recursion.
// RUN: cleave analyze %s | FileCheck %s
#include <stdlib.h>
struct node { int key; struct node *left, *right; };
struct item { double v; struct item *next; };
long sum(const struct node *t) {
  if (!t) return 0;
  return t->key + sum(t->left) + sum(t->right);
}
void bump(struct item *p) { for (; p; p = p->next) p->v += 1; }
int first(const struct item *p) { return p->v > 0; }
void relink(struct item *p, struct item *q) { p->next = q; }
void both(struct item *p) { p[2].v = 0; p->next->v = 1; }
void drop(struct item *p) { free(p); }

// CHECK-LABEL: function both at
// CHECK:      reads p[0:1]
// CHECK-NEXT: writes p[?], unbounded: it is reached both through fields and by index
// CHECK-LABEL: function bump at
// CHECK:      reads p->{next}*
// CHECK-NEXT: writes p->{next}*
// CHECK-LABEL: function drop at
// CHECK:      writes p[?], unbounded: 'free' frees it (in 'free')
// CHECK-NEXT: frees memory it did not allocate, with free
// CHECK-LABEL: function first at
// CHECK:      reads p[0:1]
// CHECK-NOT:  writes
// CHECK-LABEL: function relink at
// CHECK:      writes p[0:1]
// CHECK-NOT:  q[
// CHECK-LABEL: function sum at
// CHECK:      reads t->{left,right}*
// CHECK-NOT:  writes
