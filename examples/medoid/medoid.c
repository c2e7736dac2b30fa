/* The medoid of N points in D dimensions: the point whose total distance
   to all the others is least, the step of k-medoids clustering that a data
   mining course writes first. Each point's total is a loop over every other
   point (Manhattan distance), and a search keeps the least one and where it
   is. Nothing in it was written for cleave.
   Usage: medoid [N [D]] (default 2000 8); the points come from a fixed
   pseudo-random sequence. */
#include <stdio.h>
#include <stdlib.h>

/* The sum of the Manhattan distances from point i to every point. */
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
    if (!pts) {
        fprintf(stderr, "medoid: out of memory\n");
        return 1;
    }
    unsigned long seed = 12345;
    for (int i = 0; i < n * dim; i++) {
        seed = seed * 6364136223846793005UL + 1442695040888963407UL;
        pts[i] = (double)((seed >> 33) % 10000) / 100.0;
    }

    double best = 0.0, sum = 0.0;
    int medoid = -1, ties = 0;
    for (int i = 0; i < n; i++) {
        double cost = total_distance(pts, n, dim, i);
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
    return 0;
}
