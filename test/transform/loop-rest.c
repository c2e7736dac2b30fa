// Calls of a loop whose value the rest of the body reads: `T x = f(..);` or
// `x = f(..);` as the first statement, then a search for the least value and
// where it is, a histogram, a count. A first pass of the loop's header
// spawns every turn's call, all are joined, and the loop runs as written with
// each turn's value. Stays sequential: a body that changes what a later call
// reads (an argument, the array the calls read, the loop's bound), a body
// that may leave its turn early, a call after another statement, a `while`
// loop, and values that only some turns compute or that are converted by a
// cast before they go to their place.
// Outputs match the sequential build on 1 to 7 nodes, shared and copied,
// and under AddressSanitizer with regions copied.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/loop-rest.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %cc -O1 -g -fsanitize=address %t.out/loop-rest.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: %t.seq 61 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 61 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 61 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 61 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par 61 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.asan 61 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

/// How far point i is from all the others.
static double cost(const double *v, int n, int i)
{
    double s = 0.0;
    for (int j = 0; j < n; j++)
        s += (v[j] - v[i]) * (v[j] - v[i]);
    return s;
}

/// Fills row i of out and counts its odd values.
static int fill(int *out, int n, int i)
{
    int odd = 0;
    for (int j = 0; j < n; j++) {
        out[i * n + j] = (i * 7 + j * j) % 13;
        odd += out[i * n + j] % 2;
    }
    return odd;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 61;
    if (n < 2 || n > 1000)
        return 1;
    double *v = malloc(sizeof(double) * n);
    int *grid = malloc(sizeof(int) * n * n);
    int hist[8] = {0};
    if (!v || !grid)
        return 1;
    for (int i = 0; i < n; i++)
        v[i] = (double)((i * 37) % 23) - 11.5;

    double best = 1e300;
    int arg = -1;
    // REMARK: loop-rest.c:[[@LINE+2]]:20: remark: call to 'cost' runs asynchronously on the next node of the binomial tree; joined after a first pass of its loop that spawns every turn's call; the loop then runs as written with their values, line [[@LINE+1]]
    for (int i = 0; i < n; i++) {
        double d = cost(v, n, i);
        if (d < best) {
            best = d;
            arg = i;
        }
    }

    int s, i, odd = 0, k = 0;
    long total = 0;
    // REMARK: loop-rest.c:[[@LINE+2]]:13: remark: call to 'fill' runs asynchronously on the next node of the binomial tree; joined after a first pass of its loop that spawns every turn's call; the loop then runs as written with their values, line [[@LINE+1]]
    for (i = 0; i < n; i++) {
        s = fill(grid, n, i);
        hist[s % 8]++;
        odd += s;
    }

    // REMARK: loop-rest.c:[[@LINE+2]]:20: remark: call to 'cost' stays sequential: its loop's body changes 'k', which the call's arguments read: every call is made before the rest of the body runs
    for (i = 0; i < 5; i++) {
        double d = cost(v, n, k);
        k = (int)d % n;
        total += k;
    }
    // REMARK: loop-rest.c:[[@LINE+2]]:20: remark: call to 'cost' stays sequential: its value goes to 'd', which the rest of its loop reads, and the body may leave its turn early ('break', 'continue', 'return', 'goto' or 'case'): the calls of the later turns would be made anyway
    for (i = 0; i < n; i++) {
        double d = cost(v, n, i);
        if (d > 1e9)
            break;
        total += (long)d;
    }
    // REMARK: loop-rest.c:[[@LINE+2]]:20: remark: call to 'cost' stays sequential: its loop may write what it reads
    for (i = 0; i < 4; i++) {
        double d = cost(v, n, i);
        v[i] = d / n;
    }
    // REMARK: loop-rest.c:[[@LINE+3]]:20: remark: call to 'cost' stays sequential: its value goes to 'd', which the rest of its loop reads, and a call whose value the loop reads is spawned only as the first statement of the body of a 'for' loop
    for (i = 0; i < n; i++) {
        int j = n - 1 - i;
        double d = cost(v, n, j);
        total += (long)d % 7;
    }
    // A value that only some turns compute: the call stays where it is.
    double some[8];
    // REMARK: loop-rest.c:[[@LINE+2]]:27: remark: call to 'cost' stays sequential: its value is used in 'i % 2 ? cost(v, n, i) : -1.0'
    for (i = 0; i < 8; i++)
        some[i] = i % 2 ? cost(v, n, i) : -1.0;
    // REMARK: loop-rest.c:[[@LINE+2]]:32: remark: call to 'cost' stays sequential: its value is used in '(long)cost(v, n, i)'
    for (i = 0; i < 8; i++)
        total += i % 3 ? (long)cost(v, n, i) : 0;
    // REMARK: loop-rest.c:[[@LINE+2]]:24: remark: call to 'cost' stays sequential: its value is used in '(long)cost(v, n, i)'
    for (i = 0; i < 8; i++)
        total -= (long)cost(v, n, i) % 3;

    int limit = n / 2, *left = &limit;
    // REMARK: loop-rest.c:[[@LINE+2]]:20: remark: call to 'cost' stays sequential: its value goes to 'd', which the rest of its loop reads, and its loop's header reads '*left' from memory, which the rest of the body could change before the loop runs a second time with the values
    for (i = 0; i < *left; i++) {
        double d = cost(v, n, i);
        *left -= d > 100.0;
    }
    // REMARK: loop-rest.c:[[@LINE+3]]:20: remark: call to 'cost' stays sequential: its value goes to 'd', which the rest of its loop reads, and a call whose value the loop reads is spawned only as the first statement of the body of a 'for' loop
    i = 0;
    while (i < n) {
        double d = cost(v, n, i);
        total += (long)d % 5;
        i++;
    }

    printf("least %.3f at %d, some %.3f %.3f\n", best, arg, some[0], some[7]);
    printf("odd %d, histogram", odd);
    for (i = 0; i < 8; i++)
        printf(" %d", hist[i]);
    printf("\ngrid %d %d, total %ld, v %.3f, limit %d\n", grid[0], grid[n * n - 1], total, v[3],
           limit);
    free(v);
    free(grid);
    return 0;
}
