// Calls of a loop inside loops: where the calls of every iteration of the
// loops around are apart too, all of them are spawned before any is joined,
// after the outermost such loop (the tiles of every row of tiles at once,
// not one row at a time): tiles of a product cut short at the edges, the
// values of a table stored by a nest, a sum over a nest, a triangle whose
// rows start at their own diagonal, planes of tiles three loops deep, and
// tiles that read their own place and its transpose (one region from the
// least of their starts to the greatest of their ends).
// Joined after their own loop: a sweep repeated over the same slots (the
// next sweep reads what the last one wrote), and a row read between two
// rows' calls, and rows whose inner loop's bounds the outer loop sets.
// Outputs match the sequential build on 1 to 7 nodes, shared and copied,
// and under AddressSanitizer with regions copied, for sizes that are not a
// multiple of the tiles.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave analyze %s | FileCheck --check-prefix=MODEL %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/loop-nest.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %cc -O1 -g -fsanitize=address %t.out/loop-nest.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: %t.seq 37 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 37 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 37 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 37 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par 37 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.asan 37 | diff %t.expected -
// RUN: %t.seq 16 > %t.expected16
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.asan 16 | diff %t.expected16 -
#include <stdio.h>
#include <stdlib.h>

#define T 8
#define P 20
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static void tile(int n, const double *a, double *c, int i0, int i1, int j0, int j1)
{
    for (int i = i0; i < i1; i++)
        for (int j = j0; j < j1; j++)
            c[i * n + j] += a[i * n + j] * 0.5 + 0.25 * (double)(i - j);
}

// MODEL-LABEL: function sym_tile at
// MODEL: region: a[(i0 < j0 ? i0 : j0):(i1 > j1 ? i1 : j1)][(j0 < i0 ? j0 : i0):(j1 > i1 ? j1 : i1)] (rows of n) (read, inferred)
// MODEL: region: c[i0:i1][j0:j1] (rows of n) (read-write, inferred)
static void sym_tile(int n, const double *a, double *c, int i0, int i1, int j0, int j1)
{
    for (int i = i0; i < i1; i++)
        for (int j = j0; j < j1; j++)
            c[i * n + j] = 0.5 * (a[i * n + j] + a[j * n + i]);
}

static int score(const int *v, int n, int i, int j)
{
    int s = 0;
    for (int k = 0; k < n; k++)
        s += (v[k] * (i + 1) + j) % 7;
    return s;
}

static void fill_row(double *row, int from, int n, int seed)
{
    for (int j = from; j < n; j++)
        row[j] = (double)((seed * 31 + j * 17) % 101) / 4.0;
}

static void pair(double *m, int n, int i, int j)
{
    double s = 0.0;
    for (int k = 0; k < n; k++)
        s += (double)((i * k + j) % 9);
    m[i * n + j] = s;
}

static void cell(double *x, int k)
{
    for (int t = 0; t < 3; t++)
        x[k] = x[k] * 0.75 + 1.0;
}

static void tiles(int n, const double *a, double *c)
{
    // REMARK: loop-nest.c:[[@LINE+3]]:13: remark: call to 'tile' runs asynchronously on the next node of the binomial tree; joined after the loops around it, line [[@LINE+3]] (the loop of line [[@LINE+1]]), with the calls of all their iterations
    for (int i0 = 0; i0 < n; i0 += T)
        for (int j0 = 0; j0 < n; j0 += T)
            tile(n, a, c, i0, MIN(i0 + T, n), j0, MIN(j0 + T, n));
}

// Three stacked P x P matrices, as 3 * P rows of P.
static void planes(const double *a, double *c)
{
    // REMARK: loop-nest.c:[[@LINE+4]]:17: remark: call to 'tile' runs asynchronously on the next node of the binomial tree; joined after the loops around it, line [[@LINE+4]] (the loop of line [[@LINE+1]]), with the calls of all their iterations
    for (int q = 0; q < 3; q++)
        for (int i0 = 0; i0 < P; i0 += T)
            for (int j0 = 0; j0 < P; j0 += T)
                tile(P, a, c, q * P + i0, q * P + MIN(i0 + T, P), j0, MIN(j0 + T, P));
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 37;
    if (n < T || n > 64)
        return 1;
    double *a = malloc(sizeof(double) * n * n);
    double *c = calloc((size_t)n * n, sizeof(double));
    double *planes_a = malloc(sizeof(double) * 3 * P * P);
    double *planes_c = calloc((size_t)3 * P * P, sizeof(double));
    double *tri = calloc((size_t)n * n, sizeof(double));
    double *sym = malloc(sizeof(double) * n * n);
    double *x = calloc((size_t)n, sizeof(double)), y[2] = {0.5, 0.0};
    int v[16], table[6][9], i, j, r;
    long sum = 0;
    double rows = 0.0;
    if (!a || !c || !sym || !planes_a || !planes_c || !tri || !x)
        return 1;
    for (i = 0; i < n * n; i++)
        a[i] = (double)((i * 7) % 13) - 6.0;
    for (i = 0; i < 3 * P * P; i++)
        planes_a[i] = (double)((i * 11) % 17) - 8.0;
    for (i = 0; i < 16; i++)
        v[i] = (i * 5) % 11;

    tiles(n, a, c);
    // REMARK: loop-nest.c:[[@LINE+3]]:13: remark: call to 'sym_tile' runs asynchronously on the next node of the binomial tree; joined after the loops around it, line [[@LINE+3]] (the loop of line [[@LINE+1]]), with the calls of all their iterations
    for (int i0 = 0; i0 < n; i0 += T)
        for (int j0 = 0; j0 < n; j0 += T)
            sym_tile(n, a, sym, i0, MIN(i0 + T, n), j0, MIN(j0 + T, n));
    planes(planes_a, planes_c);

    // REMARK: loop-nest.c:[[@LINE+3]]:27: remark: call to 'score' runs asynchronously on the next node of the binomial tree; joined after the loops around it, line [[@LINE+3]] (the loop of line [[@LINE+1]]), with the calls of all their iterations
    for (i = 0; i < 6; i++)
        for (j = 0; j < 9; j++)
            table[i][j] = score(v, 16, i, j);

    // REMARK: loop-nest.c:[[@LINE+4]]:20: remark: call to 'score' runs asynchronously on the next node of the binomial tree; joined after the loops around it, line [[@LINE+5]] (the loop of line [[@LINE+1]]), with the calls of all their iterations
    for (i = 0; i < n; i++) {
        int k;
        for (k = 0; k < 4; k++)
            sum += score(v, 16, i, k);
    }

    // REMARK: loop-nest.c:[[@LINE+3]]:13: remark: call to 'pair' runs asynchronously on the next node of the binomial tree; joined after the loops around it, line [[@LINE+3]] (the loop of line [[@LINE+1]]), with the calls of all their iterations
    for (i = 0; i < n; i++)
        for (j = i; j < n; j++)
            pair(tri, n, i, j);

    // The second sweep reads what the first wrote: joined after each.
    // REMARK: loop-nest.c:[[@LINE+3]]:13: remark: call to 'cell' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+3]], with the calls of the other iterations
    for (r = 0; r < 2; r++)
        for (i = 0; i < n; i++)
            cell(x, i);

    // Each row's loop runs from m, which the outer loop sets: the bounds of
    // one row's j say nothing of another's. All of them write y[0].
    // REMARK: loop-nest.c:[[@LINE+5]]:13: remark: call to 'cell' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+5]], with the calls of the other iterations
    for (i = 0; i < 4; i++) {
        int m;
        m = i;
        for (j = m; j < m + 1; j++)
            cell(y, j - i);
    }

    // Each row's first value is read before the next row's calls.
    // REMARK: loop-nest.c:[[@LINE+4]]:13: remark: call to 'fill_row' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+4]], with the calls of the other iterations
    for (i = 0; i < n; i++) {
        rows += c[i * n];
        for (j = 0; j < 1; j++)
            fill_row(c + i * n, j, n, i + 3);
    }

    double check = 0.0;
    for (i = 0; i < n * n; i++)
        check += c[i] * (i % 5) + tri[i] * (i % 3) + sym[i] * (i % 11);
    for (i = 0; i < 3 * P * P; i++)
        check += planes_c[i] * (i % 7);
    for (i = 0; i < 6; i++)
        for (j = 0; j < 9; j++)
            sum += table[i][j] * (i + j);
    for (i = 0; i < n; i++)
        check += x[i];
    check += y[0] * 1000.0;
    printf("n %d check %.3f sum %ld rows %.3f\n", n, check, sum, rows);
    free(a);
    free(c);
    free(planes_a);
    free(planes_c);
    free(tri);
    free(sym);
    free(x);
    return 0;
}
