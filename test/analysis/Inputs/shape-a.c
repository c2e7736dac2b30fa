#include "shape.h"
static struct local { int a; } la;
double area(const struct shape *s) { return s->width * s->height + la.a; }
