/**
 * The words the bulk catalogue is made of (`npm run seed -- --goods N`): a three-level class
 * taxonomy whose leaves carry product nouns (Chinese and English) and price ranges, the brands,
 * adjectives and model series of each sector, colours, subtitles, cities and store-name parts.
 * Moved here from the goods-search bench (bench/goodsData.ts) so the bench and the seed share it.
 */

/** A leaf class: Chinese name, product nouns (zh, en), price range in yuan. */
export interface Leaf { name: string; zh: string[]; en: string[]; price: [number, number] }
export interface Top {
  name: string;
  /** Second level: name, leaves, spec words of its goods, whether its goods carry model names. */
  children: [string, Leaf[], string[], boolean][];
  brands: string[];
  adjZh: string[];
  adjEn: string[];
  /** Series words of the sector's brands (each brand gets two), for goods that carry model names. */
  series?: string[];
}

const L = (name: string, zh: string[], en: string[], price: [number, number]): Leaf => ({ name, zh, en, price });

export const TAXONOMY: Top[] = [
  {
    name: '手机数码',
    children: [
      ['手机通讯', [L('手机', ['手机', '智能手机', '5G手机', '游戏手机'], ['Smartphone', 'Phone'], [699, 8999]), L('对讲机', ['对讲机'], ['Walkie Talkie'], [99, 899]), L('老人机', ['老人机', '老年手机'], ['Senior Phone'], [99, 399])], ['8GB+256GB', '12GB+512GB', '16GB+1TB', '12GB+256GB', '全网通'], true],
      ['手机配件', [L('手机壳', ['手机壳', '保护套', '磁吸手机壳'], ['Phone Case'], [19, 129]), L('充电器', ['充电器', '快充头', '氮化镓充电器'], ['Charger', 'GaN Charger'], [39, 299]), L('数据线', ['数据线', '快充线'], ['USB-C Cable', 'Cable'], [9, 99]), L('移动电源', ['充电宝', '移动电源'], ['Power Bank'], [59, 399])], ['20W', '65W', '100W', '1米', '2米', '10000mAh', '20000mAh', '适用iPhone 15'], false],
      ['影音娱乐', [L('耳机', ['蓝牙耳机', '无线耳机', '降噪耳机', '头戴式耳机', '耳机'], ['Wireless Earbuds', 'Headphones', 'Earphones'], [49, 2999]), L('音箱', ['蓝牙音箱', '智能音箱', '音箱'], ['Bluetooth Speaker', 'Speaker'], [79, 3999]), L('智能手表', ['智能手表', '运动手环', '手表'], ['Smart Watch', 'Fitness Band'], [99, 4999]), L('相机', ['微单相机', '运动相机', '相机'], ['Camera', 'Action Camera'], [999, 19999])], ['标准版', '尊享版', '2代', '46mm', '4K'], true],
    ],
    brands: ['华为', '小米', 'Apple', 'OPPO', 'vivo', '荣耀', '三星', 'Redmi', '一加', 'Anker', '倍思', '绿联', 'Sony', 'JBL', 'Bose', '漫步者', 'Canon', '大疆', '魅族', 'realme'],
    adjZh: ['新款', '旗舰', '官方', '轻薄', '无线', '智能', '快充', '高清', '长续航', '原装', '超薄', '防摔'],
    adjEn: ['New', 'Wireless', 'Smart', 'Ultra Slim', 'Fast Charging', 'Noise Cancelling', 'Portable'],
    series: ['Mate', 'Nova', 'Note', 'Pura', 'Find', 'Reno', 'Galaxy', 'Liberty', 'Xperia', 'Neo', 'Ace', 'Magic', 'Mix', 'Civi', 'Pad'],
  },
  {
    name: '电脑办公',
    children: [
      ['电脑整机', [L('笔记本', ['笔记本电脑', '轻薄本', '游戏本', '笔记本'], ['Laptop', 'Notebook'], [2999, 19999]), L('台式机', ['台式机', '主机', '一体机'], ['Desktop PC', 'All-in-One'], [1999, 15999]), L('平板电脑', ['平板电脑', '平板'], ['Tablet'], [999, 8999])], ['16GB 512GB', '32GB 1TB', 'i7', 'R7', '14英寸', '16英寸'], true],
      ['电脑配件', [L('显示器', ['显示器', '电竞显示器', '4K显示器'], ['Monitor', 'Gaming Monitor'], [599, 6999]), L('键盘', ['机械键盘', '键盘', '无线键盘'], ['Mechanical Keyboard', 'Keyboard'], [59, 1299]), L('鼠标', ['鼠标', '无线鼠标', '游戏鼠标'], ['Mouse', 'Gaming Mouse'], [29, 899]), L('固态硬盘', ['固态硬盘', '移动硬盘', 'U盘'], ['SSD', 'Portable SSD', 'USB Drive'], [39, 1999])], ['27英寸', '24英寸', '2K 165Hz', '4K', '1TB', '2TB', '64GB', '青轴', '红轴'], true],
      ['办公设备', [L('打印机', ['打印机', '激光打印机', '喷墨打印机'], ['Printer', 'Laser Printer'], [399, 4999]), L('投影仪', ['投影仪', '家用投影仪'], ['Projector'], [699, 9999]), L('文具', ['中性笔', '笔记本子', '文件夹', '订书机'], ['Gel Pen', 'Notebook Paper', 'Stapler'], [5, 99])], ['A4', '家用', '1080P', '12支装', '10本装'], false],
    ],
    brands: ['联想', 'ThinkPad', '戴尔', '惠普', '华硕', 'Apple', '小米', '华为', '罗技', '雷蛇', 'Logitech', '三星', '西部数据', '闪迪', '爱普生', '得力', '晨光', '明基', 'AOC', '极米'],
    adjZh: ['新款', '高性能', '轻薄', '商务', '电竞', '静音', '便携', '家用', '办公', '高刷'],
    adjEn: ['Gaming', 'Wireless', 'Ultra Slim', 'Portable', 'Business', 'Silent', '4K'],
    series: ['ThinkBook', 'Yoga', 'XPS', 'ROG', 'Legion', 'MateBook', 'MacBook', 'Vivobook', 'MX', 'G', 'Book', 'Pad'],
  },
  {
    name: '家用电器',
    children: [
      ['大家电', [L('冰箱', ['冰箱', '对开门冰箱', '冰柜'], ['Refrigerator', 'Fridge'], [999, 12999]), L('洗衣机', ['洗衣机', '滚筒洗衣机', '洗烘一体机'], ['Washing Machine'], [899, 8999]), L('空调', ['空调', '变频空调', '挂机空调'], ['Air Conditioner'], [1699, 9999]), L('电视', ['电视', '智能电视', '液晶电视'], ['Smart TV', 'TV'], [999, 19999])], ['1.5匹', '3匹', '55英寸', '65英寸', '75英寸', '10公斤', '500升'], true],
      ['厨房电器', [L('电饭煲', ['电饭煲', '电压力锅'], ['Rice Cooker'], [99, 1299]), L('空气炸锅', ['空气炸锅', '电烤箱'], ['Air Fryer', 'Oven'], [129, 999]), L('破壁机', ['破壁机', '豆浆机', '榨汁机'], ['Blender', 'Juicer'], [99, 1999]), L('电水壶', ['电水壶', '烧水壶'], ['Electric Kettle'], [49, 399])], ['4L', '5L', '1.7L', '3L', '1200W'], false],
      ['生活电器', [L('吸尘器', ['吸尘器', '扫地机器人', '洗地机'], ['Vacuum Cleaner', 'Robot Vacuum'], [199, 4999]), L('吹风机', ['吹风机', '电吹风'], ['Hair Dryer'], [69, 3299]), L('电风扇', ['电风扇', '落地扇', '空气循环扇'], ['Fan', 'Air Circulator'], [79, 899]), L('净化器', ['空气净化器', '加湿器', '除湿机'], ['Air Purifier', 'Humidifier'], [199, 3999])], ['2000W', '1800W', '家用', '大面积'], true],
    ],
    brands: ['美的', '格力', '海尔', '小米', 'TCL', '海信', '九阳', '苏泊尔', '松下', '飞利浦', '戴森', 'Dyson', '科沃斯', '石头', '西门子', '博世', '容声', '奥克斯', '小熊', '创维'],
    adjZh: ['家用', '智能', '变频', '节能', '静音', '大容量', '多功能', '一级能效', '迷你', '新款', '除菌'],
    adjEn: ['Smart', 'Inverter', 'Quiet', 'Compact', 'Energy Saving', 'Cordless'],
    series: ['V15', 'T20', 'X1', 'S8', 'Air', 'Pro', 'Max'],
  },
  {
    name: '服饰鞋包',
    children: [
      ['女装', [L('连衣裙', ['连衣裙', '长裙', '碎花裙'], ['Dress', 'Maxi Dress'], [59, 899]), L('T恤', ['T恤', '短袖', '打底衫'], ['T-Shirt', 'Tee'], [29, 299]), L('外套', ['外套', '风衣', '羽绒服', '大衣'], ['Coat', 'Down Jacket', 'Trench Coat'], [129, 2999]), L('牛仔裤', ['牛仔裤', '阔腿裤', '休闲裤'], ['Jeans', 'Wide Leg Pants'], [59, 599])], ['S', 'M', 'L', 'XL', '均码'], false],
      ['男装', [L('衬衫', ['衬衫', '商务衬衫', '长袖衬衫'], ['Shirt', 'Oxford Shirt'], [59, 599]), L('夹克', ['夹克', '冲锋衣', '卫衣'], ['Jacket', 'Hoodie'], [99, 1299]), L('西装', ['西装', '西服套装'], ['Suit', 'Blazer'], [299, 2999])], ['M', 'L', 'XL', 'XXL', '3XL'], false],
      ['鞋靴箱包', [L('运动鞋', ['运动鞋', '跑步鞋', '板鞋', '篮球鞋'], ['Running Shoes', 'Sneakers', 'Basketball Shoes'], [99, 1599]), L('皮鞋', ['皮鞋', '乐福鞋', '马丁靴'], ['Leather Shoes', 'Boots'], [199, 1999]), L('双肩包', ['双肩包', '背包', '书包'], ['Backpack'], [59, 899]), L('行李箱', ['行李箱', '拉杆箱', '登机箱'], ['Suitcase', 'Carry-on Luggage'], [199, 2999])], ['39码', '40码', '42码', '20寸', '24寸', '28寸'], false],
    ],
    brands: ['优衣库', 'UNIQLO', '李宁', '安踏', 'Nike', 'Adidas', '波司登', '太平鸟', '森马', '海澜之家', '南极人', '恒源祥', 'ZARA', '特步', '鸿星尔克', '新秀丽', '回力', '骆驼', 'New Balance', '斯凯奇'],
    adjZh: ['新款', '纯棉', '宽松', '修身', '韩版', '复古', '百搭', '加厚', '透气', '轻便', '夏季', '冬季', '潮流', '简约'],
    adjEn: ['Classic', 'Slim Fit', 'Oversized', 'Lightweight', 'Vintage', 'Breathable'],
    series: ['Air Max', 'Ultraboost', '韦德之道', 'KT', 'Classic', '990'],
  },
  {
    name: '美妆个护',
    children: [
      ['面部护肤', [L('面霜', ['面霜', '乳液', '精华液', '精华'], ['Moisturizer', 'Serum'], [49, 1999]), L('面膜', ['面膜', '补水面膜', '面膜贴'], ['Face Mask', 'Sheet Mask'], [19, 399]), L('洁面', ['洗面奶', '洁面乳', '卸妆水'], ['Cleanser', 'Micellar Water'], [19, 299])], ['30ml', '50ml', '100ml', '10片', '礼盒装'], false],
      ['彩妆香水', [L('口红', ['口红', '唇釉', '唇膏'], ['Lipstick', 'Lip Gloss'], [29, 499]), L('粉底', ['粉底液', '气垫', '散粉'], ['Foundation', 'Cushion'], [49, 699]), L('香水', ['香水', '淡香水'], ['Perfume', 'Eau de Toilette'], [99, 2999])], ['3.5g', '30ml', '50ml', '#999', '套装'], false],
      ['洗护清洁', [L('洗发水', ['洗发水', '护发素', '洗发露'], ['Shampoo', 'Conditioner'], [19, 199]), L('沐浴露', ['沐浴露', '身体乳'], ['Body Wash', 'Body Lotion'], [19, 199]), L('牙膏', ['牙膏', '电动牙刷', '漱口水'], ['Toothpaste', 'Electric Toothbrush'], [9, 999])], ['400ml', '750ml', '1L', '120g', '家庭装'], false],
    ],
    brands: ['兰蔻', '雅诗兰黛', '欧莱雅', "L'Oreal", '百雀羚', '自然堂', '珀莱雅', '完美日记', '花西子', 'SK-II', '资生堂', '薇诺娜', '海飞丝', '潘婷', '多芬', 'Dove', '舒肤佳', '云南白药', '飞利浦', '欧乐B'],
    adjZh: ['补水', '保湿', '美白', '控油', '温和', '滋润', '持久', '清爽', '修护', '抗皱', '敏感肌', '套装'],
    adjEn: ['Hydrating', 'Moisturizing', 'Gentle', 'Long Lasting', 'Brightening', 'Repair'],
  },
  {
    name: '食品生鲜',
    children: [
      ['休闲零食', [L('坚果', ['坚果', '每日坚果', '核桃', '夏威夷果', '碧根果'], ['Mixed Nuts', 'Walnuts'], [19, 299]), L('饼干', ['饼干', '曲奇', '蛋糕', '面包'], ['Cookies', 'Biscuits'], [9, 129]), L('糖果', ['巧克力', '糖果', '果冻'], ['Chocolate', 'Candy'], [9, 199])], ['500g', '1kg', '250g', '礼盒装', '24袋'], false],
      ['粮油调味', [L('大米', ['大米', '东北大米', '五常大米'], ['Rice', 'Jasmine Rice'], [29, 199]), L('食用油', ['食用油', '花生油', '橄榄油'], ['Cooking Oil', 'Olive Oil'], [39, 299]), L('调味品', ['酱油', '醋', '火锅底料', '辣椒酱'], ['Soy Sauce', 'Chili Sauce'], [5, 99])], ['5kg', '10kg', '5L', '500ml', '1.8L'], false],
      ['茶酒饮料', [L('茶叶', ['绿茶', '红茶', '乌龙茶', '普洱茶', '茶叶', '龙井'], ['Green Tea', 'Black Tea', 'Oolong Tea'], [29, 1999]), L('白酒', ['白酒', '酱香型白酒', '葡萄酒', '啤酒'], ['Baijiu', 'Red Wine', 'Beer'], [29, 2999]), L('咖啡', ['咖啡', '速溶咖啡', '咖啡豆', '挂耳咖啡'], ['Coffee', 'Coffee Beans'], [19, 399])], ['250g', '500g', '礼盒装', '500ml*12', '750ml', '100包'], false],
    ],
    brands: ['三只松鼠', '良品铺子', '百草味', '洽洽', '奥利奥', '德芙', '金龙鱼', '福临门', '海天', '老干妈', '雀巢', 'Nestle', '茅台', '五粮液', '青岛啤酒', '张裕', '西湖', '大益', '元气森林', '农夫山泉'],
    adjZh: ['进口', '原味', '手工', '特级', '新鲜', '有机', '低糖', '无添加', '老字号', '整箱', '家庭装', '网红'],
    adjEn: ['Organic', 'Imported', 'Premium', 'Original', 'Sugar Free'],
  },
  {
    name: '家居家装',
    children: [
      ['家纺', [L('四件套', ['四件套', '床单', '被套', '床上用品'], ['Bedding Set', 'Duvet Cover'], [99, 1299]), L('被子', ['被子', '羽绒被', '蚕丝被', '空调被'], ['Quilt', 'Duvet'], [99, 2999]), L('枕头', ['枕头', '乳胶枕', '记忆枕'], ['Pillow', 'Memory Foam Pillow'], [39, 499])], ['1.5m床', '1.8m床', '200x230cm', '48x74cm'], false],
      ['厨具', [L('锅具', ['炒锅', '不粘锅', '汤锅', '铸铁锅'], ['Wok', 'Non-stick Pan'], [59, 1299]), L('刀具', ['菜刀', '刀具套装', '砧板'], ['Knife Set', 'Chef Knife'], [29, 699]), L('水杯', ['保温杯', '水杯', '玻璃杯', '马克杯'], ['Thermos', 'Water Bottle', 'Mug'], [19, 399])], ['28cm', '32cm', '500ml', '1000ml', '3件套'], false],
      ['家具灯饰', [L('沙发', ['沙发', '布艺沙发', '懒人沙发'], ['Sofa', 'Couch'], [599, 9999]), L('台灯', ['台灯', '护眼灯', '吸顶灯', 'LED灯'], ['Desk Lamp', 'LED Light'], [39, 999]), L('收纳', ['收纳箱', '收纳盒', '置物架', '衣架'], ['Storage Box', 'Shelf'], [9, 399])], ['三人位', '双人位', '10W', '24W', '大号'], false],
    ],
    brands: ['罗莱', '富安娜', '水星家纺', '梦洁', '南极人', '苏泊尔', '双立人', '张小泉', '膳魔师', '象印', '乐扣乐扣', '全友', '顾家家居', '林氏木业', '欧普', '雷士', '飞利浦', '宜家', 'IKEA', '太力'],
    adjZh: ['纯棉', '加厚', '北欧', '简约', '家用', '不粘', '抗菌', '大号', '护眼', '现代', '全棉', '304不锈钢'],
    adjEn: ['Nordic', 'Minimalist', 'Stainless Steel', 'Non-stick', 'Eco'],
  },
  {
    name: '运动户外',
    children: [
      ['健身器材', [L('跑步机', ['跑步机', '走步机'], ['Treadmill'], [999, 6999]), L('哑铃', ['哑铃', '杠铃', '壶铃'], ['Dumbbells', 'Kettlebell'], [39, 999]), L('瑜伽垫', ['瑜伽垫', '瑜伽服', '健身垫'], ['Yoga Mat'], [29, 399])], ['10kg', '20kg', '6mm', '10mm', '家用'], true],
      ['户外装备', [L('帐篷', ['帐篷', '天幕', '睡袋'], ['Tent', 'Sleeping Bag'], [99, 2999]), L('登山包', ['登山包', '户外背包'], ['Hiking Backpack'], [99, 1299]), L('冲锋衣', ['冲锋衣', '速干衣', '登山鞋'], ['Hardshell Jacket', 'Hiking Boots'], [199, 2999])], ['2人', '4人', '40L', '60L', 'M', 'L'], false],
      ['球类骑行', [L('篮球', ['篮球', '足球', '羽毛球拍', '乒乓球拍'], ['Basketball', 'Football', 'Badminton Racket'], [29, 999]), L('自行车', ['自行车', '山地车', '公路车', '电动车'], ['Bicycle', 'Mountain Bike', 'Road Bike'], [499, 9999]), L('滑板', ['滑板', '轮滑鞋', '平衡车'], ['Skateboard', 'Roller Skates'], [99, 1999])], ['7号', '5号', '27速', '26寸', '700C'], true],
    ],
    brands: ['迪卡侬', 'Decathlon', '李宁', '安踏', 'Keep', '骆驼', '探路者', '北面', 'The North Face', '凯乐石', '牧高笛', '斯伯丁', '红双喜', '尤尼克斯', 'YONEX', '捷安特', '美利达', '喜德盛', '九号', 'Nike'],
    adjZh: ['专业', '户外', '家用', '防水', '轻量', '折叠', '便携', '加厚', '防滑', '大容量', '静音'],
    adjEn: ['Pro', 'Outdoor', 'Waterproof', 'Foldable', 'Lightweight'],
    series: ['TCR', 'XTC', 'Duke', 'Warrior', 'Explorer', 'Max', 'Lite'],
  },
  {
    name: '母婴玩具',
    children: [
      ['奶粉尿裤', [L('奶粉', ['奶粉', '婴儿奶粉', '羊奶粉'], ['Infant Formula', 'Baby Formula'], [99, 599]), L('纸尿裤', ['纸尿裤', '拉拉裤', '尿不湿'], ['Diapers', 'Pull-ups'], [59, 299]), L('湿巾', ['湿巾', '婴儿湿巾', '棉柔巾'], ['Baby Wipes'], [9, 99])], ['1段', '2段', '3段', '800g', 'S码', 'M码', 'L码', '80抽'], false],
      ['童装童鞋', [L('童装', ['童装', '儿童外套', '婴儿连体衣'], ['Kids Clothing', 'Baby Romper'], [39, 599]), L('童鞋', ['童鞋', '学步鞋', '儿童运动鞋'], ['Kids Shoes'], [49, 499])], ['80cm', '100cm', '120cm', '24码', '28码'], false],
      ['玩具乐器', [L('积木', ['积木', '拼装玩具', '拼图'], ['Building Blocks', 'Puzzle'], [29, 1999]), L('遥控玩具', ['遥控车', '无人机', '遥控飞机'], ['RC Car', 'Drone'], [59, 1999]), L('毛绒玩具', ['毛绒玩具', '公仔', '玩偶'], ['Plush Toy', 'Teddy Bear'], [19, 399]), L('乐器', ['电子琴', '尤克里里', '吉他'], ['Keyboard Piano', 'Ukulele', 'Guitar'], [99, 2999])], ['500片', '1000片', '61键', '23寸'], true],
    ],
    brands: ['飞鹤', '伊利', '君乐宝', '美赞臣', '爱他美', '惠氏', '帮宝适', '花王', '好奇', 'Huggies', '巴拉巴拉', '安奈儿', '乐高', 'LEGO', '奥迪双钻', '费雪', '雅马哈', 'YAMAHA', '贝亲', '全棉时代'],
    adjZh: ['婴儿', '儿童', '宝宝', '新生儿', '益智', '超薄', '透气', '加大', '正品', '有机', '早教'],
    adjEn: ['Kids', 'Baby', 'Soft', 'Educational', 'Organic'],
    series: ['City', 'Technic', 'Creator', 'Duplo', 'Classic'],
  },
  {
    name: '图书文娱',
    children: [
      ['图书', [L('小说', ['小说', '长篇小说', '科幻小说', '推理小说'], ['Novel', 'Science Fiction'], [19, 199]), L('童书', ['绘本', '儿童读物', '童书'], ['Picture Book', "Children's Book"], [15, 299]), L('教辅', ['教辅', '练习册', '考研资料', '英语词汇'], ['Workbook', 'Vocabulary Book'], [15, 199])], ['全3册', '全6册', '精装版', '平装'], false],
      ['文创', [L('手账', ['手账本', '胶带', '贴纸'], ['Journal', 'Washi Tape'], [9, 199]), L('画材', ['水彩', '马克笔', '素描本'], ['Watercolor Set', 'Markers', 'Sketchbook'], [19, 599])], ['36色', '48色', '24色', 'A5'], false],
      ['音像游戏', [L('游戏机', ['游戏机', '手柄', '游戏卡带'], ['Game Console', 'Controller'], [199, 4999]), L('唱片', ['黑胶唱片', '专辑', '蓝光碟'], ['Vinyl Record', 'Blu-ray'], [49, 599])], ['单碟', '豪华版', '标准版', 'OLED'], true],
    ],
    brands: ['人民文学出版社', '中信出版社', '新经典', '读客', '作家出版社', '商务印书馆', '接力出版社', '新东方', '猿辅导', '得力', '晨光', '国誉', 'KOKUYO', '樱花', 'Sakura', '任天堂', 'Nintendo', 'PlayStation', 'Xbox', '索尼'],
    adjZh: ['精装', '全套', '正版', '珍藏版', '典藏', '新版', '限量', '经典', '畅销', '彩绘', '手绘'],
    adjEn: ['Hardcover', 'Collector', 'Limited Edition', 'Classic', 'Illustrated'],
    series: ['Switch', 'PS5', 'Series X', 'OLED', 'Lite', 'Slim', 'Pro'],
  },
];

export const COLOURS_ZH = ['黑色', '白色', '曜石黑', '星光银', '天空蓝', '玫瑰金', '雅川青', '米白', '卡其', '藏青', '酒红', '灰色', '粉色', '薄荷绿'];
export const COLOURS_EN = ['Black', 'White', 'Silver', 'Blue', 'Rose Gold', 'Green', 'Grey', 'Navy'];
export const MODEL_TAILS = ['Pro', 'Max', 'Ultra', 'Mini', 'Lite', 'Plus', 'Air', 'SE', 'Pro 5G', 'Pro Max', '5G', 'Pro+', 'X', 'S'];
export const SUBNAMES = [
  '官方正品 顺丰包邮', '限时直降 下单立减50元', '24期免息 以旧换新', '七天无理由退换', '新品首发 赠运费险',
  '爆款热卖 好评如潮', '品质保证 假一赔十', '今日特价 买一送一', '旗舰店直供', '工厂直销 性价比之选',
  'Official store, free shipping', 'Limited offer', '', '', '',
];

export const CITIES = ['北京', '上海', '广州', '深圳', '杭州', '成都', '武汉', '南京', '苏州', '西安', '重庆', '厦门', '青岛', '长沙', '义乌', '东莞'];
export const STORE_WORDS = ['优品', '好物', '生活', '严选', '潮流', '精品', '百货', '家居', '数码', '时尚', '乐购', '佳品', '臻选', '小铺'];
export const STORE_KINDS = ['专营店', '旗舰店', '专卖店', '小店', '商行', '工作室'];

/** SKU dimensions of a sector's goods (by top class name): attribute name and its values. Goods of other sectors have none. */
export const SKU_ATTRS: Record<string, [string, string[]][]> = {
  手机数码: [['颜色', ['曜石黑', '星光银', '天空蓝', '雅川青']], ['版本', ['8GB+256GB', '12GB+256GB', '12GB+512GB', '16GB+1TB']]],
  电脑办公: [['颜色', ['深空灰', '银色']], ['配置', ['16GB 512GB', '32GB 1TB']]],
  家用电器: [['颜色', ['白色', '灰色', '香槟金']]],
  服饰鞋包: [['颜色', ['黑色', '白色', '卡其', '藏青', '酒红']], ['尺码', ['S', 'M', 'L', 'XL', 'XXL']]],
  美妆个护: [['规格', ['30ml', '50ml', '100ml']]],
  食品生鲜: [['规格', ['250g', '500g', '1kg', '2.5kg']]],
  家居家装: [['颜色', ['原木色', '米白', '灰色']], ['尺寸', ['1.5米', '1.8米']]],
  运动户外: [['颜色', ['黑色', '白色', '薄荷绿']], ['尺码', ['M', 'L', 'XL']]],
  母婴玩具: [['规格', ['1段', '2段', '3段']]],
  图书文娱: [['版本', ['平装', '精装']]],
};

/** Surnames and given-name characters of shoppers' nicknames and receivers. */
export const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
export const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀', '霞', '平', '刚', '桂', '晨', '雪', '琳', '浩', '宇', '欣', '怡', '博'];
export const STREETS = ['人民路', '解放路', '中山路', '建设路', '和平路', '新华路', '长江路', '黄河路', '文化路', '胜利路', '朝阳路', '青年路'];
/** Express companies (`expresses.code` of the demo data) for waybills. */
export const COURIERS: [code: string, prefix: string][] = [['sf', 'SF'], ['yd', '43'], ['zt', '78'], ['yt', 'YT'], ['sto', '77'], ['jd', 'JD']];
