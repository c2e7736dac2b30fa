/* Builds a complete binary tree of depth D with malloc, one node per
   allocation, adds up the values of its nodes by recursion and checks the sum
   against the closed form.

   usage: treeadd [D]   (default: D = 16; 1 <= D <= 26)

   Node k (1 for the root, 2k and 2k + 1 for its children) holds k mod 7 + 1.
   make_tree() allocates a node and builds its two subtrees by recursion;
   treeadd() returns the sum of the left subtree plus the sum of the right
   subtree plus the node's own value, and 0 for an empty tree. The tree is
   summed twice, then freed by recursion. */
#include <stdio.h>
#include <stdlib.h>

struct tree {
  int val;
  struct tree *left, *right;
};

/* A complete tree of the given depth (0: empty) whose root is node k. */
static struct tree *make_tree(int depth, long k) {
  if (depth == 0)
    return NULL;
  struct tree *t = malloc(sizeof *t);
  if (!t) {
    fprintf(stderr, "treeadd: out of memory\n");
    exit(1);
  }
  t->val = (int)(k % 7) + 1;
  t->left = make_tree(depth - 1, 2 * k);
  t->right = make_tree(depth - 1, 2 * k + 1);
  return t;
}

/* The sum of the values in tree t. */
static int treeadd(struct tree *t) {
  if (!t)
    return 0;
  return treeadd(t->left) + treeadd(t->right) + t->val;
}

static void free_tree(struct tree *t) {
  if (!t)
    return;
  free_tree(t->left);
  free_tree(t->right);
  free(t);
}

int main(int argc, char **argv) {
  int depth = argc > 1 ? atoi(argv[1]) : 16;
  if (argc > 2 || depth < 1 || depth > 26) {
    fprintf(stderr, "usage: treeadd [D] with 1 <= D <= 26\n");
    return 2;
  }
  struct tree *root = make_tree(depth, 1);
  int first = treeadd(root);
  int second = treeadd(root);
  /* The same sum over the node numbers 1 .. 2^D - 1 by a loop. */
  long long expect = 0;
  for (long k = 1; k < 1L << depth; k++)
    expect += k % 7 + 1;
  printf("depth %d, %ld nodes\n", depth, (1L << depth) - 1);
  printf("treeadd %d, again %d\n", first, second);
  printf("sum over the node numbers %lld: %s\n", expect,
         first == expect && second == expect ? "same" : "DIFFERENT");
  free_tree(root);
  return first == expect && second == expect ? 0 : 1;
}
