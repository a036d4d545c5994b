-- The seeded SMS `code` template said codes last 5 minutes; they live 600 s
-- (ACCOUNT_LIMITS.codeTtlSeconds). Rows still holding the seeded sentence get the right one;
-- templates an admin wrote are left alone.
UPDATE "sys_config"
SET "param_value" = replace(
  "param_value",
  '您的验证码是{code}，5分钟内有效，请勿泄露。',
  '您的验证码是{code}，10分钟内有效，请勿泄露。'
)
WHERE "param_key" IN ('SMS_CONFIG_KEY', 'ALIYUN_SMS_CONFIG_KEY', 'SMS_BAO');
