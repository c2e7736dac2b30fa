/* A product of two N x N matrices of doubles by square tiles, as a tutorial
   on cache blocking writes it: the matrices are row-major arrays from malloc,
   the product is computed one tile of C at a time, and the tiles at the
   right and bottom edges are cut short where TILE does not divide N (the
   tile's end is MIN(start + TILE, n)). Nothing in it was written for cleave.
   Usage: tiledmul [N [REPEAT]] (default 600 1): the product is computed
   REPEAT times, each adding into C. */
#include <stdio.h>
#include <stdlib.h>

#define TILE 96
#define MIN(x, y) ((x) < (y) ? (x) : (y))

/* c[i][j] += sum over k of a[i][k] * b[k][j], for rows [i0, i1) and
   columns [j0, j1) of c, TILE values of k at a time, so that the tile of b
   in use stays in the cache. */
static void multiply_tile(int n, const double *a, const double *b, double *c, int i0, int i1,
                          int j0, int j1)
{
    int i, j, k, k0;
    for (k0 = 0; k0 < n; k0 += TILE) {
        for (i = i0; i < i1; i++)
            for (k = k0; k < MIN(k0 + TILE, n); k++) {
                double aik = a[i * n + k];
                for (j = j0; j < j1; j++)
                    c[i * n + j] += aik * b[k * n + j];
            }
    }
}

static void multiply(int n, const double *a, const double *b, double *c)
{
    int i0, j0;
    for (i0 = 0; i0 < n; i0 += TILE)
        for (j0 = 0; j0 < n; j0 += TILE)
            multiply_tile(n, a, b, c, i0, MIN(i0 + TILE, n), j0, MIN(j0 + TILE, n));
}

int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 600;
    int repeat = argc > 2 ? atoi(argv[2]) : 1;
    int i, j, r;
    double *a, *b, *c, trace = 0.0, total = 0.0;

    if (n < 1 || n > 4096 || repeat < 1) {
        fprintf(stderr, "usage: tiledmul [N [REPEAT]], 1 <= N <= 4096, REPEAT >= 1\n");
        return 1;
    }
    a = malloc(sizeof(double) * n * n);
    b = malloc(sizeof(double) * n * n);
    c = calloc((size_t)n * n, sizeof(double));
    if (!a || !b || !c) {
        fprintf(stderr, "tiledmul: out of memory\n");
        return 1;
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            a[i * n + j] = (double)((i * 31 + j * 7) % 19) - 9.0;
            b[i * n + j] = (double)((i * 5 + j * 13) % 23) - 11.0;
        }
    for (r = 0; r < repeat; r++)
        multiply(n, a, b, c);
    for (i = 0; i < n; i++) {
        trace += c[i * n + i];
        for (j = 0; j < n; j++)
            total += c[i * n + j] * ((i + 2 * j) % 5);
    }
    printf("order %d, tiles of %d\n", n, TILE);
    printf("trace %.1f\n", trace);
    printf("corners %.1f %.1f %.1f %.1f\n", c[0], c[n - 1], c[(n - 1) * n], c[n * n - 1]);
    printf("weighted sum %.1f\n", total);
    free(a);
    free(b);
    free(c);
    return 0;
}
