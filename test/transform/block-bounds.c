// Loops over blocks whose last block is short: the block's end is written
// as a minimum, the way C programs write it: the macro MIN(b + BS, n), a
// conditional, a local set to one, or a function that returns one
// (imin). Each is the least of the two values it compares, and a block
// [b, MIN(b + BS, n)) ends before the next one, BS further, starts: every
// block's call runs asynchronously, and the regions the callees' loops
// infer end at the minimum too (smooth_block, cube_block). Stays
// sequential: blocks that step by half a block (BS / 2: they overlap), an
// end that is the greatest of two values (the first blocks all reach
// n / 2), and a conditional that chooses neither of the values it compares.
// Outputs match the sequential build on 1 to 7 nodes, shared and copied,
// and under AddressSanitizer with regions copied, for sizes that are not a
// multiple of the blocks.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave analyze %s | FileCheck --check-prefix=MODEL %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/block-bounds.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %cc -O1 -g -fsanitize=address %t.out/block-bounds.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: %t.seq 101 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 101 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 101 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 101 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par 101 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.asan 101 | diff %t.expected -
// RUN: %t.seq 64 > %t.expected64
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.asan 64 | diff %t.expected64 -
#include <stdio.h>
#include <stdlib.h>

#define BS 16
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static int imin(int x, int y)
{
    return x < y ? x : y;
}

// MODEL-LABEL: function cube_block at
// MODEL: region: v[b:(b + 16 < n ? b + 16 : n)] (read-write, inferred)
static void cube_block(double *v, int b, int n)
{
    for (int i = b; i < (b + BS < n ? b + BS : n); i++)
        v[i] = v[i] * v[i] * 0.5 + 0.25;
}

// MODEL-LABEL: function scale_rows at
// MODEL: region: a[lo:hi][0:n] (rows of n) (read-write, inferred)
static void scale_rows(double *a, int lo, int hi, int n, double f)
{
    for (int i = lo; i < hi; i++)
        for (int j = 0; j < n; j++)
            a[i * n + j] = a[i * n + j] * f + (double)(i % 7);
}

// MODEL-LABEL: function smooth_block at
// MODEL: region: in[b - 1:(b + 16 < n - 1 ? b + 16 : n - 1) + 1][0:n] (rows of n) (read, inferred)
// MODEL: region: out[b:(b + 16 < n - 1 ? b + 16 : n - 1)][1:n - 1] (rows of n) (read-write, inferred)
static void smooth_block(const double *in, double *out, int b, int n)
{
    int end = MIN(b + BS, n - 1);
    for (int i = b; i < end; i++)
        for (int j = 1; j < n - 1; j++)
            out[i * n + j] = (in[(i - 1) * n + j] + in[i * n + j - 1] + in[i * n + j + 1] +
                              in[(i + 1) * n + j]) / 4.0;
}

static void add_range(double *v, int lo, int hi, double d)
{
    for (int i = lo; i < hi; i++)
        v[i] += d * i;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 101;
    if (n < 3)
        return 1;
    double *a = malloc(sizeof(double) * n * n), *out = calloc((size_t)n * n, sizeof(double));
    double *v = malloc(sizeof(double) * n);
    for (int i = 0; i < n * n; i++)
        a[i] = (i * 7) % 11;
    for (int i = 0; i < n; i++)
        v[i] = (i % 5) * 0.1;

    // REMARK: block-bounds.c:[[@LINE+2]]:9: remark: call to 'scale_rows' runs asynchronously
    for (int b = 0; b < n; b += BS)
        scale_rows(a, b, MIN(b + BS, n), n, 1.5);
    // REMARK: block-bounds.c:[[@LINE+2]]:9: remark: call to 'smooth_block' runs asynchronously
    for (int b = 1; b < n - 1; b += BS)
        smooth_block(a, out, b, n);
    // REMARK: block-bounds.c:[[@LINE+2]]:9: remark: call to 'cube_block' runs asynchronously
    for (int b = 0; b < n; b += BS)
        cube_block(v, b, n);
    // REMARK: block-bounds.c:[[@LINE+2]]:9: remark: call to 'add_range' runs asynchronously
    for (int b = 0; b < n; b += BS)
        add_range(v, b, imin(b + BS, n), 0.5);
    // REMARK: block-bounds.c:[[@LINE+2]]:9: remark: call to 'add_range' stays sequential: it writes 'v' in every iteration of its loop, and its iteration's part, v[b:(b + 16 < n ? b + 16 : n)], is not shown apart from the other iterations' (the counter 'b' must move it past its end)
    for (int b = 0; b < n; b += BS / 2)
        add_range(v, b, MIN(b + BS, n), 0.25);
    // REMARK: block-bounds.c:[[@LINE+2]]:9: remark: call to 'add_range' stays sequential: it writes 'v' in every iteration of its loop, and its iteration's part, v[b:(b + 16 > n / 2 ? b + 16 : n / 2)], is not shown apart
    for (int b = 0; b + BS <= n; b += BS)
        add_range(v, b, b + BS < n / 2 ? n / 2 : b + BS, 0.125);
    // The last blocks overlap ([b:n] for every b from n / 2): tested at run time.
    // REMARK: block-bounds.c:[[@LINE+2]]:9: remark: call to 'add_range' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+2]], with the calls of the other iterations; under a run-time test: its regions are the callee's, evaluated at the spawn (the regions of its pointer arguments are unknown here: argument 'b < n / 2 ? b + BS : n' (for 'hi') is not an integer expression of variables); each iteration's call is tested
    for (int b = 0; b < n; b += BS)
        add_range(v, b, b < n / 2 ? b + BS : n, 0.0625);

    double s = 0;
    for (int i = 0; i < n * n; i++)
        s += a[i] + out[i];
    for (int i = 0; i < n; i++)
        s += v[i];
    printf("%.6f\n", s);
    free(a);
    free(out);
    free(v);
    return 0;
}
