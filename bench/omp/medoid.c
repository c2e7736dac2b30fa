/* OpenMP reference version of examples/medoid/medoid.c: same arguments,
   same output. Build: gcc -O2 -fopenmp medoid.c

   The points' totals are one parallel loop, dealt out as the threads ask
   for them; the search for the least runs after it, in order. */
#include <stdio.h>
#include <stdlib.h>

static double total_distance(const double *pts, int n, int dim, int i)
{
    double total = 0.0;
    for (int j = 0; j < n; j++) {
        double d = 0.0;
        for (int k = 0; k < dim; k++) {
            double x = pts[i * dim + k] - pts[j * dim + k];
            d += x < 0 ? -x : x;
        }
        total += d;
    }
    return total;
}

int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    int dim = argc > 2 ? atoi(argv[2]) : 8;
    if (n < 1 || n > 100000 || dim < 1 || dim > 64) {
        fprintf(stderr, "usage: medoid [N [D]], 1 <= N <= 100000, 1 <= D <= 64\n");
        return 1;
    }
    double *pts = malloc(sizeof(double) * n * dim);
    double *costs = malloc(sizeof(double) * n);
    if (!pts || !costs) {
        fprintf(stderr, "medoid: out of memory\n");
        return 1;
    }
    unsigned long seed = 12345;
    for (int i = 0; i < n * dim; i++) {
        seed = seed * 6364136223846793005UL + 1442695040888963407UL;
        pts[i] = (double)((seed >> 33) % 10000) / 100.0;
    }
#pragma omp parallel for schedule(dynamic, 8)
    for (int i = 0; i < n; i++)
        costs[i] = total_distance(pts, n, dim, i);

    double best = 0.0, sum = 0.0;
    int medoid = -1, ties = 0;
    for (int i = 0; i < n; i++) {
        double cost = costs[i];
        sum += cost;
        if (medoid < 0 || cost < best) {
            best = cost;
            medoid = i;
            ties = 0;
        } else if (cost == best) {
            ties++;
        }
    }
    printf("%d points in %d dimensions\n", n, dim);
    printf("medoid %d, total distance %.2f, ties %d\n", medoid, best, ties);
    printf("mean total distance %.2f\n", sum / n);
    free(pts);
    free(costs);
    return 0;
}
