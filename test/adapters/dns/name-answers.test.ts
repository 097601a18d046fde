// Asking a nameserver that cannot be asked at all is told apart from a nameserver that answers
// "no such name": the first blames the nameserver once (book_nameserver_unreachable), the second
// each name (book_name_unanswered). The answering side is real BIND/Knot in
// test/cli/apply-books-names.test.ts; here the failures of reaching one.
import { createSocket } from 'node:dgram';
import { describe, expect, it } from 'vitest';
import { askName } from '../../../compiler/adapters/dns/name-answers.js';
import type { NameMiss } from '../../../compiler/plan/book-names.js';
import { unansweredDiagnostics } from '../../../compiler/plan/book-names.js';

describe('askName when the nameserver cannot be asked', () => {
  it('a nameserver whose own name does not resolve (.invalid never does, RFC 6761)', async () => {
    expect(await askName({ host: 'ns1.diene-test.invalid', port: 53 }, 'api.example.com')).toEqual({ answered: false, unreachable: 'not_resolved' });
  });

  it('a closed port: nothing listens, the query is refused by ICMP port unreachable', async () => {
    expect(await askName({ host: '127.0.0.1', port: 9 }, 'api.example.com')).toEqual({ answered: false, unreachable: 'refused' });
  });

  it('a socket that reads the query and never answers: no answer in time', async () => {
    const silent = createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address();
      expect(await askName({ host: '127.0.0.1', port }, 'api.example.com', 200)).toEqual({ answered: false, unreachable: 'timeout' });
    } finally {
      silent.close();
    }
  });
});

describe('unansweredDiagnostics', () => {
  const target = (host: string, nameserver: string) => ({
    host,
    zone: 'cluster.atomi.cloud',
    nameserver,
    server: { host: nameserver.split(':')[0] as string, port: 53 },
  });
  const miss = (name: string, host: string, nameserver: string, answer: NameMiss['answer']): NameMiss => ({
    name,
    books: ['nitroso/tin/doc-c.json'],
    target: target(host, nameserver),
    answer,
  });

  it('one error per nameserver that could not be asked, counting its names; one per name a nameserver answered without an address', () => {
    const found = unansweredDiagnostics(
      [
        miss('a.cluster.atomi.cloud', 'route53', 'ns-1.awsdns.test', { unreachable: 'timeout' }),
        miss('b.cluster.atomi.cloud', 'route53', 'ns-1.awsdns.test', { unreachable: 'timeout' }),
        miss('b.cluster.atomi.cloud', 'google', 'ns-cloud-a1.test', { reason: 'NXDOMAIN' }),
      ],
      0,
    );
    expect(found.map((d) => [d.code, d.message])).toEqual([
      [
        'book_nameserver_unreachable',
        'route53 nameserver ns-1.awsdns.test could not be asked whether it answers the names the books list: it sent no answer within 2 s; 2 name(s) unchecked, nothing published',
      ],
      [
        'book_name_unanswered',
        'nitroso/tin/doc-c.json lists b.cluster.atomi.cloud, which google nameserver ns-cloud-a1.test does not answer yet (NXDOMAIN); nothing published',
      ],
    ]);
  });
});
