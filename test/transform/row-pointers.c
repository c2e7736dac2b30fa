// A product of a matrix and a vector by blocks of rows, the matrix one
// array of n * n doubles: block(a, x, y, lo, hi, n) calls dot(a + i * n,
// x, n) for each row i of [lo, hi). dot reads u[0:n]; moved by whole rows
// of the parameter n, with i from lo to hi, that is the rows a[lo:hi][0:n]
// (rows of n) of block, and the same with &a[i * n + 1] for the columns 1
// to n. main's loop over blocks of 16 rows spawns every block. A pointer
// moved by a product of the counter with itself (a + i * i) is bounded by
// nothing the parameters give. Passing a to squares after the loops, a
// function with no region for it that keeps no pointer to it, lets the
// loops' calls read it; passing w to keep, which stores it in a global,
// keeps the loop that writes w sequential.
// Outputs match the sequential build on 1 to 7 nodes, shared and copied,
// and under AddressSanitizer with regions copied.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave analyze %s | FileCheck --check-prefix=MODEL %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/row-pointers.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %cc -O1 -g -fsanitize=address %t.out/row-pointers.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: %t.seq 10 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 10 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 10 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 10 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par 10 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.asan 10 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

static double dot(const double *u, const double *v, int n)
{
    double s = 0;
    for (int j = 0; j < n; j++)
        s += u[j] * v[j];
    return s;
}

// MODEL-LABEL: function block at
// MODEL: region: a[{{.*}}][0:n] (rows of n) (read, inferred)
// MODEL: region: x[0:n] (read, inferred)
static void block(const double *a, const double *x, double *y, int lo, int hi, int n)
{
    // REMARK: row-pointers.c:[[@LINE+2]]:16: remark: call to 'dot' stays sequential: its value goes to 'y[i]', in the array of parameter 'y', into which 'a' and 'x', which the calls are passed, may point: each value is stored only after the loop, so a call could miss what an earlier iteration stored
    for (int i = lo; i < hi; i++)
        y[i] = dot(a + i * n, x, n);
}

// MODEL-LABEL: function inner at
// MODEL: region: a[{{.*}}][1:n] (rows of n) (read, inferred)
static void inner(const double *a, const double *x, double *y, int lo, int hi, int n)
{
    for (int i = lo; i < hi; i++)
        y[i] = dot(&a[i * n + 1], x + 1, n - 1);
}

// MODEL-LABEL: function squares at
// MODEL: stays local: has pointer parameter 'a' without a region (its call of 'dot' at line [[@LINE+5]] passes 'a + i * i', whose values there the parameters do not bound; add '#pragma cleave region(a[FIRST:END])' before the function, with the bounds of what it touches in its parameters)
static double squares(const double *a, const double *x, int m)
{
    double s = 0;
    for (int i = 0; i < m; i++)
        s += dot(a + i * i, x, 1);
    return s;
}

static const double *kept;

static void keep(const double *p)
{
    kept = p;
}

int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) : 10;
    if (k < 1 || k > 100)
        return 1;
    int n = 16 * k;
    double *a = malloc((size_t)n * n * sizeof *a);
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    double *z = malloc(n * sizeof *z), *w = malloc(n * sizeof *w);
    if (!a || !x || !y || !z || !w)
        return 1;
    for (int i = 0; i < n * n; i++)
        a[i] = (double)(i % 13) - 6.0;
    for (int i = 0; i < n; i++)
        w[i] = x[i] = 1.0 / (i + 1);
    // REMARK: row-pointers.c:[[@LINE+2]]:9: remark: call to 'block' runs asynchronously
    for (int b = 0; b < n; b += 16)
        block(a, x, y, b, b + 16, n);
    // REMARK: row-pointers.c:[[@LINE+2]]:9: remark: call to 'inner' runs asynchronously
    for (int b = 0; b < n; b += 16)
        inner(a, x, z, b, b + 16, n);
    // REMARK: row-pointers.c:[[@LINE+2]]:9: remark: call to 'block' stays sequential: 'w', which it writes in every iteration, may be reached through another pointer: its mention at line [[@LINE+8]] may let a pointer keep its address
    for (int b = 0; b < n; b += 16)
        block(a, x, w, b, b + 16, n);
    double sy = 0, sz = 0;
    for (int i = 0; i < n; i++) {
        sy += y[i] * (i % 7 + 1);
        sz += z[i] * (i % 5 + 1);
    }
    keep(w);
    printf("n %d: %.6f %.6f %.6f\n", n, sy, sz, squares(a, x, k) + kept[n - 1]);
    free(a);
    free(x);
    free(y);
    free(z);
    free(w);
    return 0;
}
