/* fuzz_bonnie_csv.c - libFuzzer harness for the bonnie++ CSV parser. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_format("bonnie-csv", data, size);
}
