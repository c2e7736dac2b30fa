// What a function returns of a pointer: its address, related to those of
// its parameters (first_at_least's `a <= (return) <= a + n`), which a caller
// that assigns the call to a pointer takes in: the index `p - a` is bounded.
// (first_at_least's i <= n needs n >= 0, which its calls give.) A binary
// search whose two pointers both move returns low, between the two it was
// passed where its calls pass them in order: `end - low >= 3`, an entry fact
// over a pointer within another's array. A pointer a function returns
// points where the argument its returns come from points (find's `p`, moved
// along a): clear_from's writes through it are its own, a[0:n]; one that
// returns either of two arrays leaves the writes unnamed. An inclusive
// binary search compares `low < end` for a local `end = high + 1`: the first
// comparison every call makes, before `end = mid`, puts high in low's array,
// and mark's `out[s - a]` is bounded by what it returns, `high + 1` at most.
// RUN: cleave analyze %s | FileCheck %s

// CHECK-LABEL: function clear_from at
// CHECK-NEXT:   signature: void clear_from(int *a, int n, int key)
// CHECK-NEXT:   defined, static
// CHECK-NEXT:   region: a[0:n] (read-write, inferred)
// CHECK-NEXT:   can run on another node
// CHECK-NEXT:   reads a[0:n] (in 'find')
// CHECK-NEXT:   writes a[0:n]
// CHECK-LABEL: function count_at at
// CHECK:      region: hits[0:n + 1] (read-write, inferred)
// CHECK-LABEL: function count_below at
// CHECK:      region: hits[0:n + 1] (read-write, inferred)
// CHECK-LABEL: function first_not_less at
// CHECK-NEXT:   signature: int *first_not_less(int *low, int *high, int key)
// CHECK-NEXT:   defined, static
// CHECK-NEXT:   region: low[0:high - low + 1] (read, inferred)
// CHECK-NEXT:   stays local: returns 'int *', which is not marshaled yet
// CHECK-NEXT:   reads low[0:high - low + 1]
// CHECK-LABEL: function mark at
// CHECK:        region: out[0:last - a + 2] (read-write, inferred)
// CHECK-LABEL: function mark_either at
// CHECK:        writes memory it cannot name, through 'either(a, b, n)'

/* The first of low[0] .. end[-1] (sorted) not less than key, or end. */
static const int *lower_bound(const int *low, const int *end, int key) {
  while (end - low > 0) {
    const int *probe = low + (end - low) / 2;
    if (key <= *probe)
      end = probe;
    else
      low = probe + 1;
  }
  return low;
}

static void count_below(const int *a, int n, const int *keys, int m, int *hits) {
  for (int j = 0; j < m; j++) {
    const int *p = lower_bound(a, a + n, keys[j]);
    hits[p - a]++;
  }
}

static const int *first_at_least(const int *a, int n, int key) {
  int i = 0;
  while (i < n && a[i] < key)
    i++;
  return a + i;
}

/* hits[k] counts the keys whose first element at least as large is a[k]
   (k = n: none is). */
static void count_at(const int *a, int n, const int *keys, int m, int *hits) {
  for (int j = 0; j < m; j++) {
    const int *p = first_at_least(a, n, keys[j]);
    hits[p - a]++;
  }
}

/* The first element of a[0:n] equal to key, or a + n. */
static int *find(int *a, int n, int key) {
  int *p = a;
  while (p < a + n && *p != key)
    p++;
  return p;
}

/* Zeroes a[0:n] from the first element equal to key on. */
static void clear_from(int *a, int n, int key) {
  for (int *p = find(a, n, key); p < a + n; p++)
    *p = 0;
}

/* a or b: a pointer into one of two arrays. */
static int *either(int *a, int *b, int n) { return n > 0 ? a : b; }

static void mark_either(int *a, int *b, int n) {
  int *p = either(a, b, n);
  p[0] = 1;
}

/* The first of low[0] .. *high (sorted) not less than key, or high + 1. */
static int *first_not_less(int *low, int *high, int key) {
  int *past = high + 1;
  while (low < past) {
    int *probe = low + (past - low) / 2;
    if (key <= *probe)
      past = probe;
    else
      low = probe + 1;
  }
  return low;
}

/* Marks where key belongs in a[0] .. *last (sorted). */
static void mark(int *a, int *last, int *out, int key) {
  if (last < a)
    return;
  int *s = first_not_less(a, last, key);
  out[s - a] = 1;
}

int main(void) {
  int a[6] = {1, 3, 5, 7, 9, 11}, keys[4] = {0, 4, 9, 12}, hits[7] = {0};
  count_at(a, 6, keys, 4, hits);
  count_at(a, 3, keys, 4, hits);
  count_below(a, 6, keys, 4, hits);
  count_below(a, 3, keys, 4, hits);
  int c[6] = {1, 3, 5, 7, 9, 11}, d[1] = {0};
  clear_from(c, 6, 7);
  mark_either(c, d, 0);
  int marks[7] = {0};
  mark(c, c + 5, marks, 8);
  return hits[6] + c[3] + d[0] + marks[4];
}
