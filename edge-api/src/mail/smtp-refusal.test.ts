// The messages below are worker-mailer's (1.2.x), as its steps word a failed reply.
import { describe, expect, it } from 'vitest';
import { classifySmtpFailure, SMTP_REPLY_MAX } from './smtp-refusal.ts';

describe('classifySmtpFailure', () => {
  it('reads a 5xx to RCPT TO, DATA or the message as permanent, with the server’s answer', () => {
    expect(
      classifySmtpFailure(new Error('Invalid RCPT TO: <gone@example.com> 550 5.1.1 No such user\r\n')),
    ).toEqual({
      permanent: true,
      reply: '550 5.1.1 No such user',
    });
    // With DSN the command carries NOTIFY.
    expect(
      classifySmtpFailure(
        new Error('Invalid RCPT TO: <gone@example.com> NOTIFY=NEVER 551 User not local\r\n'),
      ),
    ).toEqual({ permanent: true, reply: '551 User not local' });
    expect(classifySmtpFailure(new Error('Failed to send DATA: 554 5.5.1 No valid recipients\r\n'))).toEqual({
      permanent: true,
      reply: '554 5.5.1 No valid recipients',
    });
    expect(classifySmtpFailure(new Error('Failed send email body: 550 5.7.1 Message rejected\r\n'))).toEqual({
      permanent: true,
      reply: '550 5.7.1 Message rejected',
    });
  });

  it('joins a multi-line answer, drops control characters and caps it', () => {
    const multi = new Error(
      'Invalid RCPT TO: <x@example.com> 550-5.1.1 The email account that you tried\r\n550-5.1.1 to reach does\u0007 not exist.\r\n550 5.1.1 https://support.example/1\r\n',
    );
    expect(classifySmtpFailure(multi)).toEqual({
      permanent: true,
      reply: '550 5.1.1 The email account that you tried to reach does not exist. https://support.example/1',
    });
    const long = classifySmtpFailure(new Error(`Failed send email body: 552 ${'x'.repeat(1000)}`));
    expect(long.permanent && long.reply.length).toBe(SMTP_REPLY_MAX);
  });

  it('reads 4xx answers, network failures and timeouts as transient', () => {
    for (const message of [
      'Invalid RCPT TO: <busy@example.com> 451 4.3.0 Try again later\r\n',
      'Failed to send DATA: 421 4.4.2 Timeout\r\n',
      'Timeout while waiting for smtp server response',
      'Socket timeout!',
      'connect ECONNREFUSED 127.0.0.1:9',
      'WorkerMailer is shutting down',
    ])
      expect(classifySmtpFailure(new Error(message)), message).toEqual({ permanent: false });
    expect(classifySmtpFailure('not even an error')).toEqual({ permanent: false });
  });

  it('never blames the recipient for a 5xx about the sender, the greeting or the credentials', () => {
    for (const message of [
      'Invalid MAIL FROM: <noreply@mail.localhost> 550 5.7.1 Sender not allowed\r\n',
      'Failed to connect to SMTP server: 554 No SMTP service here\r\n',
      'Failed to plain authentication: 535 5.7.8 Authentication credentials invalid\r\n',
      'Failed to HELO. 502 Not implemented\r\n',
    ])
      expect(classifySmtpFailure(new Error(message)), message).toEqual({ permanent: false });
  });
});
