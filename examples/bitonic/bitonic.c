/* Sorts 2^DEPTH pseudo-random ints held in the leaves of a perfect binary tree
   with bitonic sort, first ascending and then descending. Before the sorts and
   after each, prints whether the leaves, read left to right, are in order, the
   first, middle and last leaf, and a checksum.

   usage: bitonic [DEPTH [SEED]]   (defaults: DEPTH = 12, SEED = 1;
                                    0 <= DEPTH <= 22)

   Sorting a tree sorts its left subtree one way and its right subtree the
   other, which makes the leaves a bitonic sequence, then merges: it
   compare-exchanges each leaf of the left subtree with the leaf at the same
   place in the right subtree, and merges each subtree. The two subtrees are
   independent every time, but they are reached through pointers to structs,
   which cleave's regions of array elements cannot describe, so cleave keeps the
   calls sequential and says why. */
#include <stdio.h>
#include <stdlib.h>

struct node {
  int value;                 /* meaningful in leaves only */
  struct node *left, *right; /* both NULL in a leaf */
};

/* xorshift64: a fixed, portable stream of pseudo-random numbers. */
static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

/* A perfect tree of the given depth, leaves drawn from *seed left to right;
   NULL when memory runs out (what was built is then lost: main just exits). */
static struct node *build(int depth, unsigned long long *seed) {
  struct node *t = malloc(sizeof *t);
  if (!t)
    return NULL;
  t->value = 0;
  t->left = t->right = NULL;
  if (depth == 0) {
    t->value = (int)(next_random(seed) % 1000000);
    return t;
  }
  t->left = build(depth - 1, seed);
  t->right = build(depth - 1, seed);
  return t->left && t->right ? t : NULL;
}

/* Compare-exchanges every leaf of a with the leaf at the same place in b (two
   trees of the same shape): afterwards each leaf of a is the smaller of its
   pair when up, the larger when not. */
static void compare_exchange(struct node *a, struct node *b, int up) {
  if (!a->left) {
    if ((a->value > b->value) == up) {
      int v = a->value;
      a->value = b->value;
      b->value = v;
    }
    return;
  }
  compare_exchange(a->left, b->left, up);
  compare_exchange(a->right, b->right, up);
}

/* Sorts the leaves of t, which form a bitonic sequence, ascending when up. */
static void merge(struct node *t, int up) {
  if (!t->left)
    return;
  compare_exchange(t->left, t->right, up);
  merge(t->left, up);
  merge(t->right, up);
}

/* Sorts the leaves of t, ascending when up, descending when not. */
static void sort(struct node *t, int up) {
  if (!t->left)
    return;
  sort(t->left, 1);
  sort(t->right, 0);
  merge(t, up);
}

/* Appends the leaves of t, left to right, to out[*count], out[*count + 1], ... */
static void collect(const struct node *t, int *out, long *count) {
  if (!t->left) {
    out[(*count)++] = t->value;
    return;
  }
  collect(t->left, out, count);
  collect(t->right, out, count);
}

static void report(const char *order, const struct node *t, int *leaves, long n, int up) {
  long count = 0;
  collect(t, leaves, &count);
  int ordered = 1;
  unsigned long long checksum = 0;
  for (long i = 0; i < n; i++) {
    if (i > 0 && (up ? leaves[i - 1] > leaves[i] : leaves[i - 1] < leaves[i]))
      ordered = 0;
    checksum = checksum * 1000003 + (unsigned)leaves[i];
  }
  printf("%s: in order %s, first %d middle %d last %d, checksum %llu\n", order,
         ordered ? "yes" : "no", leaves[0], leaves[n / 2], leaves[n - 1], checksum);
}

static void free_tree(struct node *t) {
  if (!t)
    return;
  free_tree(t->left);
  free_tree(t->right);
  free(t);
}

int main(int argc, char **argv) {
  int depth = argc > 1 ? atoi(argv[1]) : 12;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (depth < 0 || depth > 22 || seed == 0) {
    fprintf(stderr, "usage: bitonic [DEPTH [SEED]] with 0 <= DEPTH <= 22 and SEED > 0\n");
    return 2;
  }
  long n = 1L << depth;
  struct node *root = build(depth, &seed);
  int *leaves = malloc(n * sizeof *leaves);
  if (!root || !leaves) {
    fprintf(stderr, "bitonic: out of memory for depth %d\n", depth);
    return 1;
  }
  printf("%ld leaves\n", n);
  report("as drawn", root, leaves, n, 1);
  sort(root, 1);
  report("ascending", root, leaves, n, 1);
  sort(root, 0);
  report("descending", root, leaves, n, 0);
  free(leaves);
  free_tree(root);
  return 0;
}
