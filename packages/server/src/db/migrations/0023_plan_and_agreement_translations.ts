/**
 * Plan texts and agreement titles per language (issue 31 item 11), as documents are translated:
 * a row per stored language beside the English original, which stays in `plans` / `agreements`.
 *
 * A plan translation holds the name, the description and the SLA values that are words (support
 * hours and availability, response time, uptime); an SLA key it leaves out shows the English value.
 * Agreement titles have their own rows rather than borrowing the legal document's title: an
 * agreement is a versioned record of what was accepted, while the translated legal pages are
 * summaries titled as such ("… (Zusammenfassung)") and an agreement may link outside the store.
 *
 * The seeded plans and agreements get real translations in every stored language here, by slug
 * and type, so a plan staff renamed or removed since is simply left out. Frozen once applied.
 */

type Lang = 'de' | 'fr' | 'es' | 'ru' | 'sr-Cyrl' | 'sr-Latn' | 'zh' | 'ja' | 'ko';
type PlanText = [name: string, description: string];

const planTexts: Record<string, Record<Lang, PlanText>> = {
  free: {
    de: [
      'Kostenlos',
      'Zum Ausprobieren von Slugsmith und für kleine Nebenprojekte: einige Serien und moderate Tageskontingente.',
    ],
    fr: [
      'Gratuit',
      'Pour essayer Slugsmith et pour les petits projets personnels : quelques séries et des quotas journaliers modestes.',
    ],
    es: [
      'Gratis',
      'Para probar Slugsmith y para pequeños proyectos personales: algunas series y cuotas diarias modestas.',
    ],
    ru: [
      'Бесплатный',
      'Чтобы попробовать Slugsmith и для небольших личных проектов: несколько серий и скромные дневные квоты.',
    ],
    'sr-Cyrl': [
      'Бесплатни',
      'За испробавање Slugsmith-а и мале споредне пројекте: неколико серија и скромне дневне квоте.',
    ],
    'sr-Latn': [
      'Besplatni',
      'Za isprobavanje Slugsmith-a i male sporedne projekte: nekoliko serija i skromne dnevne kvote.',
    ],
    zh: ['免费版', '适合试用 Slugsmith 和小型业余项目：少量序列和适度的每日配额。'],
    ja: [
      '無料',
      'Slugsmith のお試しや小さな個人プロジェクト向け：少数のシリーズと控えめな 1 日あたりのクォータ。',
    ],
    ko: ['무료', 'Slugsmith를 체험하거나 작은 개인 프로젝트에 적합: 몇 개의 시리즈와 적당한 일일 할당량.'],
  },
  pro: {
    de: [
      'Pro',
      'Für Anwendungen im Produktivbetrieb: Streams, SDK-Schlüssel für Browser und Apps, Support per E-Mail.',
    ],
    fr: [
      'Pro',
      'Pour les applications en production : flux, clés SDK pour navigateurs et applications, assistance par e-mail.',
    ],
    es: [
      'Pro',
      'Para aplicaciones en producción: flujos, claves SDK para navegadores y apps, soporte por correo electrónico.',
    ],
    ru: [
      'Pro',
      'Для рабочих приложений: потоки, SDK-ключи для браузеров и приложений, поддержка по электронной почте.',
    ],
    'sr-Cyrl': [
      'Pro',
      'За апликације у продукцији: токови, SDK кључеви за прегледаче и апликације, подршка путем е-поште.',
    ],
    'sr-Latn': [
      'Pro',
      'Za aplikacije u produkciji: tokovi, SDK ključevi za pregledače i aplikacije, podrška putem e-pošte.',
    ],
    zh: ['专业版', '适用于生产环境的应用：数据流、面向浏览器和应用的 SDK 密钥、电子邮件支持。'],
    ja: [
      'プロ',
      '本番運用のアプリケーション向け：ストリーム、ブラウザーとアプリ用の SDK キー、メールサポート。',
    ],
    ko: ['프로', '운영 중인 애플리케이션용: 스트림, 브라우저와 앱을 위한 SDK 키, 이메일 지원.'],
  },
  team: {
    de: [
      'Team',
      'Für Teams mit mehreren Produkten: viele Serien, hohe Kontingente und Support am nächsten Werktag.',
    ],
    fr: [
      'Équipe',
      'Pour les équipes aux produits multiples : de nombreuses séries, des quotas élevés et une assistance le jour ouvré suivant.',
    ],
    es: [
      'Equipo',
      'Para equipos con varios productos: muchas series, cuotas altas y soporte al siguiente día hábil.',
    ],
    ru: [
      'Команда',
      'Для команд с несколькими продуктами: много серий, высокие квоты и поддержка на следующий рабочий день.',
    ],
    'sr-Cyrl': [
      'Тим',
      'За тимове са више производа: много серија, високе квоте и подршка следећег радног дана.',
    ],
    'sr-Latn': [
      'Tim',
      'Za timove sa više proizvoda: mnogo serija, visoke kvote i podrška sledećeg radnog dana.',
    ],
    zh: ['团队版', '适合拥有多个产品的团队：大量序列、高配额以及下一个工作日内的支持。'],
    ja: ['チーム', '複数の製品を持つチーム向け：多数のシリーズ、高いクォータ、翌営業日サポート。'],
    ko: ['팀', '여러 제품을 운영하는 팀용: 많은 시리즈, 높은 할당량, 다음 영업일 지원.'],
  },
  enterprise: {
    de: ['Enterprise', 'Limits, Bedingungen und Support nach Vereinbarung mit Ihnen; Preis auf Anfrage.'],
    fr: ['Entreprise', 'Limites, conditions et assistance convenues avec vous ; prix sur demande.'],
    es: ['Empresa', 'Límites, condiciones y soporte acordados con usted; precio a consultar.'],
    ru: ['Корпоративный', 'Лимиты, условия и поддержка по договорённости с вами; цена по запросу.'],
    'sr-Cyrl': ['Предузеће', 'Ограничења, услови и подршка по договору са вама; цена на упит.'],
    'sr-Latn': ['Preduzeće', 'Ograničenja, uslovi i podrška po dogovoru sa vama; cena na upit.'],
    zh: ['企业版', '限制、条款和支持均与您协商确定；价格面议。'],
    ja: ['エンタープライズ', '制限、条件、サポートはお客様との合意によります。価格はお問い合わせください。'],
    ko: ['엔터프라이즈', '한도, 조건, 지원은 고객과 협의하여 정합니다. 가격은 문의해 주세요.'],
  },
  'on-premise': {
    de: [
      'On-Premise',
      'Slugsmith auf Ihren eigenen Rechnern betreiben, Preis pro gleichzeitigem Knoten; jährlich oder als unbefristete Lizenz.',
    ],
    fr: [
      'Sur site',
      'Exécutez Slugsmith sur vos propres machines, au prix par nœud simultané ; annuel ou licence perpétuelle.',
    ],
    es: [
      'Local',
      'Ejecute Slugsmith en sus propias máquinas, con precio por nodo simultáneo; anual o licencia perpetua.',
    ],
    ru: [
      'Локальный',
      'Slugsmith на ваших собственных серверах, цена за одновременно работающий узел; на год или бессрочная лицензия.',
    ],
    'sr-Cyrl': [
      'Локални',
      'Покрените Slugsmith на сопственим машинама, цена по истовременом чвору; годишња или трајна лиценца.',
    ],
    'sr-Latn': [
      'Lokalni',
      'Pokrenite Slugsmith na sopstvenim mašinama, cena po istovremenom čvoru; godišnja ili trajna licenca.',
    ],
    zh: ['本地部署版', '在您自己的机器上运行 Slugsmith，按同时运行的节点计价；按年订阅或永久许可。'],
    ja: [
      'オンプレミス',
      'Slugsmith をご自身のマシンで運用。同時稼働ノード単位の価格で、年間または永続ライセンス。',
    ],
    ko: [
      '온프레미스',
      '자체 서버에서 Slugsmith를 실행합니다. 동시 실행 노드당 가격이며 연간 또는 영구 라이선스입니다.',
    ],
  },
};

/** The seeded SLA words, per language (the figures are written by each language's rules below). */
const slaWords: Record<string, Record<Lang, string>> = {
  community: {
    de: 'Community',
    fr: 'Communauté',
    es: 'Comunidad',
    ru: 'Сообщество',
    'sr-Cyrl': 'Заједница',
    'sr-Latn': 'Zajednica',
    zh: '社区',
    ja: 'コミュニティ',
    ko: '커뮤니티',
  },
  'business days': {
    de: 'Werktage',
    fr: 'Jours ouvrés',
    es: 'Días hábiles',
    ru: 'Рабочие дни',
    'sr-Cyrl': 'Радни дани',
    'sr-Latn': 'Radni dani',
    zh: '工作日',
    ja: '営業日',
    ko: '영업일',
  },
  '24/7': {
    de: 'Rund um die Uhr',
    fr: '24 h/24, 7 j/7',
    es: '24/7',
    ru: 'Круглосуточно',
    'sr-Cyrl': '24/7',
    'sr-Latn': '24/7',
    zh: '全天候 (7×24)',
    ja: '24 時間 365 日',
    ko: '연중무휴 24시간',
  },
};

const hourUnit: Record<Lang, (n: string) => string> = {
  de: (n) => `${n} Std.`,
  fr: (n) => `${n} h`,
  es: (n) => `${n} h`,
  ru: (n) => `${n} ч`,
  'sr-Cyrl': (n) => `${n} ч`,
  'sr-Latn': (n) => `${n} č`,
  zh: (n) => `${n} 小时`,
  ja: (n) => `${n} 時間`,
  ko: (n) => `${n}시간`,
};
const decimalComma: readonly Lang[] = ['de', 'fr', 'es', 'ru', 'sr-Cyrl', 'sr-Latn'];
const spacedPercent: readonly Lang[] = ['de', 'fr', 'ru'];
const cyrillic: readonly Lang[] = ['ru', 'sr-Cyrl'];

/** One seeded SLA value in a language: words from the table, hours, "p95 200 ms", "99.5%". */
function slaValue(value: string, lang: Lang): string {
  const word = slaWords[value]?.[lang];
  if (word) return word;
  const hours = /^(\d+)h$/.exec(value);
  if (hours) return hourUnit[lang](hours[1]);
  const percent = /^([\d.]+)%$/.exec(value);
  if (percent) {
    const figure = decimalComma.includes(lang) ? percent[1].replace('.', ',') : percent[1];
    return spacedPercent.includes(lang) ? `${figure}\u00a0%` : `${figure}%`;
  }
  const ms = /^p95 (\d+) ms$/.exec(value);
  if (ms) return `p95 ${ms[1]} ${cyrillic.includes(lang) ? 'мс' : 'ms'}`;
  return value;
}

/** The SLA values of the seeded catalogue (migration 0003) that are words, by plan. */
const seededSla: Record<string, Record<string, string>> = {
  free: { sla_support_availability: 'community' },
  pro: {
    sla_support_response_time: '48h',
    sla_support_availability: 'business days',
    sla_response_time: 'p95 200 ms',
    sla_availability: '99.5%',
  },
  team: {
    sla_support_response_time: '24h',
    sla_support_availability: 'business days',
    sla_response_time: 'p95 150 ms',
    sla_availability: '99.9%',
  },
  enterprise: {
    sla_support_response_time: '4h',
    sla_support_availability: '24/7',
    sla_response_time: 'p95 100 ms',
    sla_availability: '99.95%',
  },
  'on-premise': { sla_support_response_time: '24h', sla_support_availability: 'business days' },
};

const agreementTitles: Record<string, Record<Lang, string>> = {
  eula: {
    de: 'Endbenutzer-Lizenzvertrag',
    fr: "Contrat de licence d'utilisateur final",
    es: 'Contrato de licencia de usuario final',
    ru: 'Лицензионное соглашение с конечным пользователем',
    'sr-Cyrl': 'Уговор о лиценци за крајњег корисника',
    'sr-Latn': 'Ugovor o licenci za krajnjeg korisnika',
    zh: '最终用户许可协议',
    ja: 'エンドユーザー使用許諾契約',
    ko: '최종 사용자 라이선스 계약',
  },
  privacy_policy: {
    de: 'Datenschutzerklärung',
    fr: 'Politique de confidentialité',
    es: 'Política de privacidad',
    ru: 'Политика конфиденциальности',
    'sr-Cyrl': 'Политика приватности',
    'sr-Latn': 'Politika privatnosti',
    zh: '隐私政策',
    ja: 'プライバシーポリシー',
    ko: '개인정보 처리방침',
  },
  terms_of_service: {
    de: 'Nutzungsbedingungen',
    fr: "Conditions d'utilisation",
    es: 'Términos del servicio',
    ru: 'Условия использования',
    'sr-Cyrl': 'Услови коришћења',
    'sr-Latn': 'Uslovi korišćenja',
    zh: '服务条款',
    ja: '利用規約',
    ko: '서비스 이용약관',
  },
};

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

const planSeed = Object.entries(planTexts)
  .flatMap(([slug, byLang]) =>
    Object.entries(byLang).map(([lang, [name, description]]) => {
      const sla = Object.fromEntries(
        Object.entries(seededSla[slug] ?? {}).map(([key, value]) => [key, slaValue(value, lang as Lang)]),
      );
      return `INSERT INTO plan_translations (plan_id, language, name, description, sla)
SELECT id, ${lit(lang)}, ${lit(name)}, ${lit(description)}, ${lit(JSON.stringify(sla))}::jsonb FROM plans WHERE slug = ${lit(slug)}
ON CONFLICT DO NOTHING;`;
    }),
  )
  .join('\n');

const agreementSeed = Object.entries(agreementTitles)
  .flatMap(([type, byLang]) =>
    Object.entries(byLang).map(
      ([lang, title]) => `INSERT INTO agreement_translations (agreement_id, language, title)
SELECT id, ${lit(lang)}, ${lit(title)} FROM agreements WHERE type = ${lit(type)}
ON CONFLICT DO NOTHING;`,
    ),
  )
  .join('\n');

export const sql = /* sql */ `
CREATE TABLE plan_translations (
  plan_id uuid NOT NULL REFERENCES plans(id) ON DELETE CASCADE,
  language text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  sla jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (plan_id, language)
);

CREATE TABLE agreement_translations (
  agreement_id uuid NOT NULL REFERENCES agreements(id) ON DELETE CASCADE,
  language text NOT NULL,
  title text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agreement_id, language)
);

${planSeed}
${agreementSeed}
`;
