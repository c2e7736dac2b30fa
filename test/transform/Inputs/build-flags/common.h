/* Tentative definitions in a header, as older C code has them: two files
   that include it link only with -fcommon (GCC 10 and later). */
int shared_count;
long lib_twice(long v);
void count_up(int by);
