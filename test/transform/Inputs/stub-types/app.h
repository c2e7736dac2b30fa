#include "types.h"
double weigh(item_t *it, int n);
int count(const struct node *l);
int paint(enum color c, int n);
int widths(union num *u, int n);
