/* OpenMP-tasks reference version of examples/textstats/textstats.c: same
   arguments, same output. Build: gcc -O2 -fopenmp textstats.c

   main runs in one thread of a parallel region; in count and longest the
   first half of a range longer than SMALL is a task, the second half runs
   in the thread that made it, and the task is waited for before the halves
   are combined. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define SMALL 20000 /* a range this short is counted in one pass */

struct counts {
  long letters, uppers, digits, spaces, puncts, words;
};

/* The counts of text[lo..hi-1]; a word starting at lo counts only when
   the character before it (if any) is not part of a word. */
static struct counts count(const char *text, long lo, long hi) {
  struct counts c = {0, 0, 0, 0, 0, 0};
  long i;
  if (hi - lo > SMALL) {
    long mid = lo + (hi - lo) / 2;
    struct counts a, b;
#pragma omp task shared(a)
    a = count(text, lo, mid);
    b = count(text, mid, hi);
#pragma omp taskwait
    c.letters = a.letters + b.letters;
    c.uppers = a.uppers + b.uppers;
    c.digits = a.digits + b.digits;
    c.spaces = a.spaces + b.spaces;
    c.puncts = a.puncts + b.puncts;
    c.words = a.words + b.words;
    return c;
  }
  for (i = lo; i < hi; i++) {
    unsigned char ch = (unsigned char)text[i];
    if (isalpha(ch)) {
      c.letters++;
      if (isupper(ch))
        c.uppers++;
    } else if (isdigit(ch)) {
      c.digits++;
    } else if (isspace(ch)) {
      c.spaces++;
    } else if (ispunct(ch)) {
      c.puncts++;
    }
    if (isalnum(ch) && (i == 0 || !isalnum((unsigned char)text[i - 1])))
      c.words++;
  }
  return c;
}

/* The length of the longest word that starts in text[lo..hi-1], read to
   its end wherever that is (n characters in all). */
static long longest(const char *text, long n, long lo, long hi) {
  if (hi - lo > SMALL) {
    long mid = lo + (hi - lo) / 2;
    long a, b;
#pragma omp task shared(a)
    a = longest(text, n, lo, mid);
    b = longest(text, n, mid, hi);
#pragma omp taskwait
    return a > b ? a : b;
  }
  long best = 0, i = lo;
  while (i < hi) {
    if (isalnum((unsigned char)text[i]) && (i == 0 || !isalnum((unsigned char)text[i - 1]))) {
      long end = i;
      while (end < n && isalnum((unsigned char)text[end]))
        end++;
      if (end - i > best)
        best = end - i;
      i = end;
    } else {
      i++;
    }
  }
  return best;
}

/* How often each vowel occurs in text[0..n-1], in either case, in
   seen[0..4] (a, e, i, o, u). */
static void vowels(const char *text, long n, long *seen) {
  static const char order[] = "aeiou";
  long i;
  int v;
  for (i = 0; i < n; i++) {
    int ch = tolower((unsigned char)text[i]);
    for (v = 0; v < 5; v++)
      if (ch == order[v])
        seen[v]++;
  }
}

int main(int argc, char **argv) {
  long n, i, seen[5] = {0, 0, 0, 0, 0};
  unsigned long seed = 42;
  char *text;
  struct counts c;
  static const char marks[] = ".,;:!?-()'\"";

  if (argc != 2 || (n = atol(argv[1])) < 1) {
    fprintf(stderr, "usage: %s N (N >= 1)\n", argv[0]);
    return 2;
  }
  text = malloc(n);
  if (text == NULL) {
    fprintf(stderr, "textstats: out of memory\n");
    return 1;
  }
  /* Words of 1 to 12 letters and digits, one in sixteen capitalized,
     between a space or a newline, some after a mark. */
  for (i = 0; i < n;) {
    long len, k;
    seed = seed * 6364136223846793005UL + 1442695040888963407UL;
    len = 1 + (long)((seed >> 33) % 12);
    for (k = 0; k < len && i < n; k++, i++) {
      unsigned r = (unsigned)(seed >> (k % 24)) ^ (unsigned)(k * 2654435761u);
      if (r % 10 == 0)
        text[i] = (char)('0' + r / 10 % 10);
      else
        text[i] = (char)((k == 0 && (seed >> 60) == 0 ? 'A' : 'a') + r / 10 % 26);
    }
    if (i < n && (seed >> 20) % 7 == 0)
      text[i++] = marks[(seed >> 24) % (sizeof marks - 1)];
    if (i < n)
      text[i++] = (seed >> 40) % 9 == 0 ? '\n' : ' ';
  }

  long most;
#pragma omp parallel
#pragma omp single
  {
    c = count(text, 0, n);
    most = longest(text, n, 0, n);
  }
  printf("letters %ld (upper %ld), digits %ld, spaces %ld, punctuation %ld\n", c.letters,
         c.uppers, c.digits, c.spaces, c.puncts);
  printf("words %ld, longest %ld\n", c.words, most);
  vowels(text, n, seen);
  printf("a %ld, e %ld, i %ld, o %ld, u %ld\n", seen[0], seen[1], seen[2], seen[3], seen[4]);
  free(text);
  return 0;
}
