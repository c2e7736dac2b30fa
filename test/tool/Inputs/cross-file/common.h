/* The functions of vec.c, declared without the names its definitions give. */
long sum(const int *, int);
long sum_rows(const int *, int, int);
void scale(double *, int, double);
void apply(int *, int, int (*)(int));
int twice(int);
