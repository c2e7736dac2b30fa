// Calls whose arguments cannot travel stay sequential, each saying why.
// RUN: cleave parallelize %s -o %t.out -- -std=c11 2>&1 | FileCheck %s
union number { int i; float f; };
#pragma cleave region(v[0:n])
void byunion(union number u, int *v, int n) {
  if (n < 2) {
    v[0] += u.i;
    return;
  }
  byunion(u, v, n / 2);
  byunion(u, v + n / 2, n - n / 2);
}
// CHECK: remark: call to 'byunion' stays sequential: 'byunion' passes 'union number' by value in parameter 'u', which is a union, whose live member is unknown

struct { int lo, hi; } unnamed;
#pragma cleave region(v[0:n])
void untagged(__typeof__(unnamed) r, int *v, int n) {
  if (n < 2) {
    v[0] += r.lo;
    return;
  }
  untagged(r, v, n / 2);
  untagged(r, v + n / 2, n - n / 2);
}
// CHECK: remark: call to 'untagged' stays sequential: 'untagged' passes 'typeof (unnamed)' by value in parameter 'r', which has neither a tag nor a typedef name (give the struct one to send it)

struct link { struct link *next; int v; };
#pragma cleave region(v[0:n])
void withpointer(struct link l, int *v, int n) {
  if (n < 2) {
    v[0] += l.v;
    return;
  }
  withpointer(l, v, n / 2);
  withpointer(l, v + n / 2, n - n / 2);
}
// CHECK: remark: call to 'withpointer' stays sequential: 'withpointer' passes 'struct link' by value in parameter 'l', which holds pointers (a linked structure travels through a pointer parameter)

#pragma cleave region(v[0:n])
void precise(long double x, long double *v, int n) {
  if (n < 2) {
    v[0] += x;
    return;
  }
  precise(x, v, n / 2);
  precise(x, v + n / 2, n - n / 2);
}
// CHECK: remark: call to 'precise' stays sequential: 'precise' passes 'long double' by value in parameter 'x', which has no portable encoding{{$}}

struct packed { char c; int i; } __attribute__((packed));
#pragma cleave region(v[0:n])
void layout(struct packed p, int *v, int n) {
  if (n < 2) {
    v[0] += p.i;
    return;
  }
  layout(p, v, n / 2);
  layout(p, v + n / 2, n - n / 2);
}
// CHECK: remark: call to 'layout' stays sequential: 'layout' passes 'struct packed' by value in parameter 'p', which has its layout changed by an attribute or pragma

// The callee writes the nodes: a copy would lose what it writes.
#pragma cleave region(v[0:n])
void bump(struct link *l, int *v, int n) {
  if (!l || n < 2)
    return;
  l->v++;
  bump(l->next, v, n / 2);
  bump(l->next, v + n / 2, n - n / 2);
}
// CHECK: remark: call to 'bump' stays sequential: 'bump' writes the linked structure of parameter 'l', which is copied to the callee but not back

// A region of structs that hold pointers is not copied element by element.
#pragma cleave region(v[0:n])
void links(struct link *v, int n) {
  if (n < 2) {
    v[0].v = 0;
    return;
  }
  links(v, n / 2);
  links(v + n / 2, n - n / 2);
}
// CHECK: remark: call to 'links' stays sequential: 'links' has parameter 'v' pointing to an array of 'struct link', which holds pointers

// A pointer to structs without a region travels as the one struct it points
// to (a linked structure): a function that reads the elements after it takes
// an array, which needs a region.
struct point { double x, y; };
double far(const struct point *p, int n) {
  if (n < 2)
    return p[0].x;
  return far(p, n / 2) + far(p + n / 2, n - n / 2) + p[n - 1].y;
}
// CHECK: remark: call to 'far' stays sequential: 'far' has pointer parameter 'p' without a region (it touches more than 4 separate intervals; add '#pragma cleave region(p[FIRST:END])' before the function, with the bounds of what it touches in its parameters)
