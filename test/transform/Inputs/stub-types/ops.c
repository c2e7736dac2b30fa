#include "app.h"
double weigh(item_t *it, int n) {
  if (n < 8) { double s = 0; for (int i = 0; i < n; i++) s += it[i].w * it[i].id; return s; }
  double a = weigh(it, n / 2);
  double b = weigh(it + n / 2, n - n / 2);
  return a + b;
}
int count(const struct node *l) { int c = 0; for (; l; l = l->next) c += l->val & 1; return c; }
int paint(enum color c, int n) { int s = 0; for (int i = 0; i < n; i++) s += (i * (int)c) % 5; return s; }
int widths(union num *u, int n) { int s = 0; for (int i = 0; i < n; i++) s += u[i].i & 3; return s; }
