/* Included by -include, not by the sources. */
#define GREETING "configured"
