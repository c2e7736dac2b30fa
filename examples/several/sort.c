/* Merge sort: 'work' sorts a into order, with tmp as scratch. */
#include "common.h"

static void merge(int *a, int *tmp, int n, int mid) {
  int i = 0, j = mid, k;
  for (k = 0; k < n; k++)
    tmp[k] = j >= n || (i < mid && a[i] <= a[j]) ? a[i++] : a[j++];
  for (k = 0; k < n; k++)
    a[k] = tmp[k];
}

/* The same name as the summing function of sum.c, static in each. */
static void work(int *a, int *tmp, int n) {
  int mid = n / 2;
  if (n < 2)
    return;
  work(a, tmp, mid);
  work(a + mid, tmp + mid, n - mid);
  merge(a, tmp, n, mid);
}

void sort_ints(int *a, int *tmp, int n) {
  work(a, tmp, n);
  note("sorted", n);
}
