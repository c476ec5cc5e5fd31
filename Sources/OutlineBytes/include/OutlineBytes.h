#ifndef OUTLINE_BYTES_H
#define OUTLINE_BYTES_H

#include <stddef.h>

/// Data/outlines.bin, compiled in as bytes (#embed): the compiler copies them and checks
/// nothing value by value, and nothing is decoded until a lookup asks (BuiltInOutlines).
const unsigned char *outline_bytes(void);
size_t outline_bytes_count(void);

#endif
