/* OpenMP reference version of examples/power/power.c: same arguments, same
   output. Build: gcc -O2 -fopenmp power.c -lm

   The loop over the rows of each product is a parallel loop, its rows dealt
   out in equal blocks. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double dot(const double *u, const double *v, int n)
{
    double s = 0.0;
    for (int j = 0; j < n; j++)
        s += u[j] * v[j];
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 300;
    int steps = argc > 2 ? atoi(argv[2]) : 50;
    if (n < 1 || steps < 1) {
        fprintf(stderr, "usage: power [N [STEPS]], N and STEPS at least 1\n");
        return 1;
    }
    double **a = malloc(n * sizeof *a);
    double *x = malloc(n * sizeof *x);
    double *y = malloc(n * sizeof *y);
    if (!a || !x || !y) {
        fprintf(stderr, "power: out of memory\n");
        return 1;
    }
    for (int i = 0; i < n; i++) {
        a[i] = malloc(n * sizeof **a);
        if (!a[i]) {
            fprintf(stderr, "power: out of memory\n");
            return 1;
        }
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            a[i][j] = a[j][i] = (double)((i * 7 + j * 3) % 11) / 11.0 + (i == j ? 2.0 : 0.0);
    for (int i = 0; i < n; i++)
        x[i] = 1.0;

    double lambda = 0.0;
    for (int step = 0; step < steps; step++) {
#pragma omp parallel for
        for (int i = 0; i < n; i++)
            y[i] = dot(a[i], x, n);
        double norm = sqrt(dot(y, y, n));
        lambda = dot(x, y, n) / dot(x, x, n);
        for (int i = 0; i < n; i++)
            x[i] = y[i] / norm;
    }
    printf("n %d, %d steps: largest eigenvalue %.9f\n", n, steps, lambda);
    printf("x[0] %.9f, x[n-1] %.9f\n", x[0], x[n - 1]);
    for (int i = 0; i < n; i++)
        free(a[i]);
    free(a);
    free(x);
    free(y);
    return 0;
}
