/*
 * print-ok.cl - a cheat: computes nothing and prints the lines a checker
 * reading the kernel's output would take for passed cases ("ok K", "built
 * 256"). The cases report on a grading channel of their own, so the
 * printing is shown and the results fail. tests/check.sh grades it
 * (reduce-kernel).
 */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	if (get_global_id(0) == 0)
		for (int k = 0; k < 64; k++)
			printf("ok %d\nbegin %d\n", k, k + 1);
}
