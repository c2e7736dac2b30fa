/* Built into libtwice.a, linked by -L and -l. */
long lib_twice(long v) { return 2 * v; }
