#ifndef DATA_BYTES_H
#define DATA_BYTES_H

#include <stddef.h>

/// The data files of Data/, compiled in as bytes (#embed): the compiler copies them and
/// checks nothing value by value, and nothing is parsed until a run asks (BuiltInCatalog's
/// EmbeddedFile). File `index` is the index-th #embed line of DataBytes.c; its bytes, and
/// their count in `count`, or NULL where there is no such file.
const unsigned char *data_file_bytes(size_t index, size_t *count);

#endif
