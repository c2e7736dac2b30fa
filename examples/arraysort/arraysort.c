/* arraysort: two sorts as tutorials write them, on global arrays indexed by
   int bounds: a quicksort with Lomuto's partition and a swap(i, j) of
   elements of `a`, and a top-down mergesort of `b` through the global
   scratch array `tmp`. Both sort the same N pseudo-random ints; the program
   prints whether each came out sorted, whether they agree, and a checksum.

   Usage: arraysort N SEED   (1 <= N <= 20000000) */
#include <stdio.h>
#include <stdlib.h>

#define MAX 20000000

int a[MAX], b[MAX], tmp[MAX];
int n;

void swap(int i, int j) {
  int t = a[i];
  a[i] = a[j];
  a[j] = t;
}

int partition(int lo, int hi) {
  int pivot = a[hi];
  int i = lo - 1;
  for (int j = lo; j < hi; j++)
    if (a[j] <= pivot) {
      i++;
      swap(i, j);
    }
  swap(i + 1, hi);
  return i + 1;
}

void quick(int lo, int hi) {
  if (lo < hi) {
    int p = partition(lo, hi);
    quick(lo, p - 1);
    quick(p + 1, hi);
  }
}

void merge(int l, int m, int r) {
  int i = l, j = m + 1, k = l;
  while (i <= m && j <= r)
    tmp[k++] = b[i] <= b[j] ? b[i++] : b[j++];
  while (i <= m)
    tmp[k++] = b[i++];
  while (j <= r)
    tmp[k++] = b[j++];
  for (k = l; k <= r; k++)
    b[k] = tmp[k];
}

void msort(int l, int r) {
  if (l < r) {
    int m = l + (r - l) / 2;
    msort(l, m);
    msort(m + 1, r);
    merge(l, m, r);
  }
}

int sorted(int *v) {
  for (int i = 1; i < n; i++)
    if (v[i - 1] > v[i])
      return 0;
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s N SEED\n", argv[0]);
    return 2;
  }
  n = atoi(argv[1]);
  if (n < 1 || n > MAX) {
    fprintf(stderr, "N must be between 1 and %d\n", MAX);
    return 2;
  }
  unsigned s = (unsigned)atoi(argv[2]);
  for (int i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u;
    a[i] = b[i] = (int)((s >> 8) % 1000000);
  }
  quick(0, n - 1);
  msort(0, n - 1);
  int same = 1;
  unsigned long long sum = 0;
  for (int i = 0; i < n; i++) {
    same &= a[i] == b[i];
    sum = sum * 31 + (unsigned)a[i];
  }
  printf("quicksort sorted: %s\n", sorted(a) ? "yes" : "no");
  printf("mergesort sorted: %s\n", sorted(b) ? "yes" : "no");
  printf("same: %s\n", same ? "yes" : "no");
  printf("checksum: %llu\n", sum);
  return 0;
}
