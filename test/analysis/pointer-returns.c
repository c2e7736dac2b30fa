// What a function returns of a pointer: its address, related to those of
// its parameters (first_at_least's `a <= (return) <= a + n`), which a caller
// that assigns the call to a pointer takes in: the index `p - a` is bounded.
// (first_at_least's i <= n needs n >= 0, which its calls give.)
// RUN: cleave analyze %s | FileCheck %s

static const int *first_at_least(const int *a, int n, int key) {
  int i = 0;
  while (i < n && a[i] < key)
    i++;
  return a + i;
}

// CHECK-LABEL: function count_at at
// CHECK:      region: hits[0:n + 1] (read-write, inferred)
/* hits[k] counts the keys whose first element at least as large is a[k]
   (k = n: none is). */
static void count_at(const int *a, int n, const int *keys, int m, int *hits) {
  for (int j = 0; j < m; j++) {
    const int *p = first_at_least(a, n, keys[j]);
    hits[p - a]++;
  }
}

int main(void) {
  int a[6] = {1, 3, 5, 7, 9, 11}, keys[4] = {0, 4, 9, 12}, hits[7] = {0};
  count_at(a, 6, keys, 4, hits);
  count_at(a, 3, keys, 4, hits);
  return hits[6];
}
