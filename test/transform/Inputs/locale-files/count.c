#include <ctype.h>
long uppers(const char *s, int lo, int hi) {
  if (hi - lo > 1) {
    int mid = lo + (hi - lo) / 2;
    long a = uppers(s, lo, mid);
    long b = uppers(s, mid, hi);
    return a + b;
  }
  return lo < hi && isupper((unsigned char)s[lo]);
}
