/* A type the program takes from a header of its own. */
typedef long weight_t;
