/**
 * Loaded into the CLI child by the bench (`node --import`): at exit, writes the process's own CPU
 * time and peak RSS to the file BENCH_CPU_FILE names, so a figure can say what the whole run cost
 * the machine on the client's side (start-up, judging, reports), apart from the server's.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_CPU_FILE;
if (file !== undefined && file !== '') {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(file, JSON.stringify({ cpuMs: (user + system) / 1000, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
  });
}
