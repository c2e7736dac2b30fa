/* A header two files of one program include. */
struct shape {
  double width, height;
};
double area(const struct shape *s);
