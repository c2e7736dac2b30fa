/* A matrix product as an introductory course writes it: the matrices are
   global arrays of a fixed largest order, the order in use is the global n,
   and a function computes one row of the product. Nothing in it was written
   for cleave. Usage: rowmul [N], 1 <= N <= 1024 (default 300). */
#include <stdio.h>
#include <stdlib.h>

#define MAXN 1024

int n;
double a[MAXN][MAXN], b[MAXN][MAXN], c[MAXN][MAXN];

void fill(void)
{
    int i, j;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            a[i][j] = (double)((i * 31 + j * 7) % 19) - 9.0;
            b[i][j] = (double)((i * 5 + j * 13) % 23) - 11.0;
        }
}

void multiply_row(int i)
{
    int j, k;
    for (j = 0; j < n; j++) {
        double sum = 0.0;
        for (k = 0; k < n; k++)
            sum += a[i][k] * b[k][j];
        c[i][j] = sum;
    }
}

int main(int argc, char *argv[])
{
    int i;
    double trace = 0.0, total = 0.0;

    n = argc > 1 ? atoi(argv[1]) : 300;
    if (n < 1 || n > MAXN) {
        fprintf(stderr, "usage: rowmul [N], 1 <= N <= %d\n", MAXN);
        return 1;
    }
    fill();
    for (i = 0; i < n; i++)
        multiply_row(i);
    for (i = 0; i < n; i++) {
        int j;
        trace += c[i][i];
        for (j = 0; j < n; j++)
            total += c[i][j] * ((i + 2 * j) % 5);
    }
    printf("order %d\n", n);
    printf("trace %.1f\n", trace);
    printf("weighted sum %.1f\n", total);
    return 0;
}
