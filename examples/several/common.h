/* What the files of the program share. */
#ifndef COMMON_H
#define COMMON_H

/* Set from the command line (-v); the log prints only when it is. */
extern int verbose;

void get_options(int argc, char **argv, int *n, unsigned *seed);
void sort_ints(int *a, int *tmp, int n);
long sum_ints(const int *a, int n);
void note(const char *what, long value);

#endif
