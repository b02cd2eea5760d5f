import { z } from 'zod';
import { defineMessages } from './messages';

/**
 * Which new passwords are refused (register, reset, change, and accounts made in the consoles):
 * whitespace/control-only ones and the most common passwords of public breach lists (a small
 * built-in list; the demo accounts keep `123456` because the seed writes their hash directly).
 */
export const policyMessages = defineMessages({
  passwordTooCommon: {
    'zh-cn': '密码过于常见，容易被猜中，请换一个。',
    en: 'This password is too common and easy to guess; please choose another.',
  },
  passwordBlank: { 'zh-cn': '密码不能只由空白或控制字符组成。', en: 'A password cannot be only spaces or control characters.' },
});

// Top passwords of public breach lists (RockYou, SplashData/NordPass yearly lists, the CSDN and
// 163/126 leaks), 6 characters or more (shorter ones are refused by length anyway).
const LIST = `
123456 123456789 12345678 1234567 1234567890 12345678910 password password1 password12 password123
passw0rd p@ssw0rd p@ssword pa55word qwerty qwerty1 qwerty12 qwerty123 qwertyuiop qwerty1234 qwe123
qwe123456 qweasd qweasdzxc qazwsx qazwsxedc 1qaz2wsx 1q2w3e4r 1q2w3e4r5t 1q2w3e 1qazxsw2 zaq12wsx
q1w2e3r4 q1w2e3r4t5 asdfgh asdfghjkl asdf1234 asd123 asd123456 zxcvbn zxcvbnm zxc123 zxcvbnm123
111111 1111111 11111111 111111111 1111111111 000000 0000000 00000000 0000000000 222222 333333 444444
555555 666666 777777 888888 999999 6666666 66666666 8888888 88888888 9999999 99999999 123123
123123123 123321 123654 123654789 121212 112233 11223344 112233445566 123qwe 123abc 1234qwer
123456a 123456aa 123456abc a123456 a1234567 a12345678 aa123456 abc123 abc1234 abc12345
abc123456 abcd1234 abcdef abcdefg abcdefgh abcabc 654321 7654321 87654321 987654321 9876543210
666888 147258 147258369 159357 159753 159357258 258258 258369 369369 321321 456456 456789
789456 789456123 741852963 963852741 147852369 135790 246810 520520 5201314 1314520 521521
woaini woaini1314 woaini520 iloveyou iloveyou1 iloveu iloveyou2 lovely loveme love123 lover
qq123456 qq1234 qq5201314 wang123456 zhang123 admin123 admin1234 admin12345 administrator
root123 rootroot toor123 test123 test1234 testtest guest123 default changeme letmein letmein1
welcome welcome1 welcome123 login123 master master123 secret secret123 access access14 trustno1
monkey monkey1 dragon dragon1 shadow sunshine princess princess1 football football1 baseball
basketball soccer hockey superman batman spiderman pokemon starwars whatever nothing freedom
michael jennifer jordan jordan23 michelle charlie charlie1 daniel ashley ashley1 jessica
nicole hunter hunter2 thomas tigger robert andrew joshua matthew anthony william george
summer summer1 winter autumn spring flower flowers butterfly purple orange yellow silver
killer hello1 hello123 hellohello computer internet samsung apple123 google chocolate
cookie cheese banana pepper ginger maggie buster buster1 bailey harley ranger jasper
mustang corvette ferrari porsche mercedes chelsea arsenal liverpool barcelona manchester
qwerty7 zxcvbnm1 asdasd asdasd123 qweqwe qweqwe123 zxczxc aaaaaa aaaaaaa aaaaaaaa abc666
aaa111 a1b2c3 a1b2c3d4 1a2b3c 1a2b3c4d 12qwaszx 1qaz1qaz 1qazzaq1 zaq1zaq1 q1q1q1 mima123
mima123456 woshishui nihao123 nihaoma xiaoming 7758521 7758258 5211314 1314521 3344520
201314 584520 12344321 12341234 11112222 11110000 10101010 12121212 13131313 520131400
password! password1! passw0rd! qwerty! 1234abcd abcd123456 a123123 a111111 a000000 aa123123
asdf123 asdf12345 qwer1234 qwer123 zxcv1234 1234zxcv 123456qwe 123456asd 123456zxc 123456789a
1234567a 12345678a 1234567890a p4ssword pass123 pass1234 passpass 1password mypassword
userpass user123 usuario senha123 contraseña motdepasse passwort hallo123 azerty azerty123
solo123 matrix matrix1 phoenix phoenix1 samantha pussycat 696969 ninja ninja123 qazqaz
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

/** Why a new password is refused, or null when it may be used. */
export function passwordProblem(password: string): 'passwordBlank' | 'passwordTooCommon' | null {
  if (/^[\s\p{C}]*$/u.test(password)) return 'passwordBlank';
  const plain = password.normalize('NFKC').trim().toLowerCase();
  if (COMMON_PASSWORDS.has(plain)) return 'passwordTooCommon';
  // one character repeated (aaaaaaa, 1111111111…) is as guessable as the list
  if (/^(.)\1*$/su.test(plain)) return 'passwordTooCommon';
  return null;
}

/**
 * A zod refinement for a new password, carrying its message key for both validators
 * (`params.key` for http/input, `params.messageKey` for the crud forms).
 */
export function refineNewPassword(value: string, ctx: z.core.$RefinementCtx<string>): void {
  // a length problem is reported by the length check alone
  if (value.length < 6 || value.length > 32) return;
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { key: problem, messageKey: problem } });
}

/** A new password: 6–32 characters, not blank, not one of the most common. */
export const newPassword = () => z.string().min(6).max(32).superRefine(refineNewPassword);
