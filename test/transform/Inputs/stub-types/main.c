#include <stdio.h>
#include <stdlib.h>
#include "app.h"
struct pair { int a, b; };
static long pairsum(struct pair *p, int n) {
  if (n < 4) { long s = 0; for (int i = 0; i < n; i++) s += p[i].a * p[i].b; return s; }
  long x = pairsum(p, n / 2);
  long y = pairsum(p + n / 2, n - n / 2);
  return x + y;
}
int main(void) {
  static item_t items[1000];
  static struct pair pairs[1000];
  static union num nums[100];
  struct node *l = 0;
  for (int i = 0; i < 1000; i++) { items[i].id = i % 13; items[i].w = i * 0.25; pairs[i].a = i; pairs[i].b = i % 3; }
  for (int i = 0; i < 100; i++) { struct node *n = malloc(sizeof *n); n->val = i; n->next = l; l = n; nums[i].i = i; }
  int p[3], w[10], n[2];
  for (int c = 0; c < 3; c++) p[c] = paint((enum color)c, 10000);
  for (int k = 0; k < 10; k++) w[k] = widths(nums + 10 * k, 10);
  for (int k = 0; k < 2; k++) n[k] = count(k ? l : l->next);
  printf("%g %ld %d %d %d %d %d %d\n", weigh(items, 1000), pairsum(pairs, 1000), n[0], n[1], p[0], p[2], w[0], w[9]);
  return 0;
}
