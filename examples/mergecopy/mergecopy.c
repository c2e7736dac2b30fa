/* Top-down mergesort of N pseudo-random ints on inclusive bounds, as
   introductory texts write it: merge copies the two sorted halves
   a[first..mid] and a[mid+1..last] into buffers it allocates with malloc,
   merges them back into a, and frees them. Prints the least, middle and
   greatest values, a checksum of the sorted order, and whether it is sorted.

   Usage: mergecopy N SEED */
#include <stdio.h>
#include <stdlib.h>

static void merge(int *a, int first, int mid, int last) {
  int nleft = mid - first + 1, nright = last - mid;
  int *left = malloc(nleft * sizeof(int));
  int *right = malloc(nright * sizeof(int));
  if (!left || !right) {
    fprintf(stderr, "mergecopy: out of memory\n");
    exit(1);
  }
  for (int x = 0; x < nleft; x++)
    left[x] = a[first + x];
  for (int y = 0; y < nright; y++)
    right[y] = a[mid + 1 + y];
  int x = 0, y = 0, k = first;
  while (x < nleft && y < nright) {
    if (left[x] <= right[y]) {
      a[k] = left[x];
      x++;
    } else {
      a[k] = right[y];
      y++;
    }
    k++;
  }
  while (x < nleft)
    a[k++] = left[x++];
  while (y < nright)
    a[k++] = right[y++];
  free(left);
  free(right);
}

static void merge_sort(int *a, int first, int last) {
  if (first >= last)
    return;
  int mid = first + (last - first) / 2;
  merge_sort(a, first, mid);
  merge_sort(a, mid + 1, last);
  merge(a, first, mid, last);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: mergecopy N SEED\n");
    return 2;
  }
  int n = atoi(argv[1]);
  unsigned seed = (unsigned)atoi(argv[2]);
  if (n < 1) {
    fprintf(stderr, "mergecopy: N must be at least 1\n");
    return 2;
  }
  int *a = malloc((size_t)n * sizeof *a);
  if (!a) {
    fprintf(stderr, "mergecopy: out of memory\n");
    return 1;
  }
  for (int i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    a[i] = (int)((seed >> 1) % 1000000007u) - 500000000;
  }
  merge_sort(a, 0, n - 1);
  unsigned long long sum = 0;
  int sorted = 1;
  for (int i = 0; i < n; i++) {
    sum = sum * 1000003u + (unsigned)a[i];
    if (i > 0 && a[i - 1] > a[i])
      sorted = 0;
  }
  printf("min %d median %d max %d\n", a[0], a[n / 2], a[n - 1]);
  printf("checksum %llu\n", sum);
  printf("sorted %s\n", sorted ? "yes" : "no");
  free(a);
  return 0;
}
