/* Builds a binary search tree from N pseudo-random keys, then walks it
   recursively to print the number of nodes, the sum of the keys, the height
   and the keys at a few in-order positions.

   usage: treesum [N [SEED]]   (defaults: N = 10000, SEED = 1; 1 <= N <= 10^7)

   Keys are inserted in the order drawn; equal keys go to the right. The walks
   split at every node into the left and right subtree, independent of each
   other, but they follow pointers to structs (which cleave cannot describe with
   a region of array elements) and return their results as values, so cleave
   keeps them sequential and says why. */
#include <stdio.h>
#include <stdlib.h>

struct node {
  long key;
  struct node *left, *right;
};

/* Inserts key below *link, the root pointer of a subtree; returns the new
   node, or NULL when memory runs out. */
static struct node *insert(struct node **link, long key) {
  while (*link)
    link = key < (*link)->key ? &(*link)->left : &(*link)->right;
  struct node *fresh = malloc(sizeof *fresh);
  if (fresh) {
    fresh->key = key;
    fresh->left = fresh->right = NULL;
  }
  return *link = fresh;
}

static long count(const struct node *t) {
  if (!t)
    return 0;
  return 1 + count(t->left) + count(t->right);
}

static long long sum(const struct node *t) {
  if (!t)
    return 0;
  return t->key + sum(t->left) + sum(t->right);
}

/* The number of nodes on the longest path from t down to a leaf. */
static int height(const struct node *t) {
  if (!t)
    return 0;
  int l = height(t->left), r = height(t->right);
  return 1 + (l > r ? l : r);
}

/* The key at in-order position *pos (from 0) within t, counting *pos down as
   it passes nodes; -1 when the tree has fewer nodes. */
static long kth(const struct node *t, long *pos) {
  if (!t)
    return -1;
  long found = kth(t->left, pos);
  if (found >= 0)
    return found;
  if ((*pos)-- == 0)
    return t->key;
  return kth(t->right, pos);
}

static void free_tree(struct node *t) {
  if (!t)
    return;
  free_tree(t->left);
  free_tree(t->right);
  free(t);
}

/* xorshift64: a fixed, portable stream of pseudo-random numbers. */
static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 10000;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (n < 1 || n > 10000000 || seed == 0) {
    fprintf(stderr, "usage: treesum [N [SEED]] with 1 <= N <= 10^7 and SEED > 0\n");
    return 2;
  }
  struct node *root = NULL;
  for (long i = 0; i < n; i++)
    if (!insert(&root, (long)(next_random(&seed) % 1000000))) {
      fprintf(stderr, "treesum: out of memory after %ld nodes\n", i);
      return 1;
    }
  printf("nodes %ld\n", count(root));
  printf("sum of keys %lld\n", sum(root));
  printf("height %d\n", height(root));
  long positions[] = {0, n / 4, n / 2, n - 1};
  for (int i = 0; i < 4; i++) {
    long pos = positions[i];
    printf("key at in-order position %ld: %ld\n", positions[i], kth(root, &pos));
  }
  free_tree(root);
  return 0;
}
