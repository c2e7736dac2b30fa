/* Functions a header defines, as glibc's and Csmith's headers do. */
static inline long spin(long n) {
  long s = 0;
  for (long i = 0; i < n; i++)
    s += i % 3;
  return s;
}
static inline void fill(long *v, long n) {
  for (long i = 0; i < n; i++)
    v[i] = spin(i);
}
#define SPIN(n) spin(n)
